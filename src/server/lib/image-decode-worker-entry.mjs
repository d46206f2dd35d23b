// The thread that decodes chat photos (see image-decode.ts) runs plain node: register the
// TypeScript loader, then load the decoder.
import { register } from 'tsx/esm/api';

register();
await import('./image-decode-worker.ts');
