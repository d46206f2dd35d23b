// The child process that reads documents (see isolated.ts) is plain node: register the
// TypeScript loader, then load the reader.
import { register } from 'tsx/esm/api';

register();
await import('./ingest-child.ts');
