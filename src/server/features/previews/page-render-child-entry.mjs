// The child process that draws page previews (see renderer.ts) is plain node: register the
// TypeScript loader, then load the renderer.
import { register } from 'tsx/esm/api';

register();
await import('./render-child.ts');
