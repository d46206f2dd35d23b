// The helper thread that reads PDF pages (see pdf-page-helper.ts) runs plain node: register the
// TypeScript loader, then load it.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-page-worker.ts');
