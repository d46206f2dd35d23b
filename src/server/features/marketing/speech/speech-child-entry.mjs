// The speech child process (see speech-queue.ts) is plain node: register the TypeScript
// loader, then load the renderer.
import { register } from 'tsx/esm/api';

register();
await import('./speech-child.ts');
