// The short-lived process that creates or migrates the embedded database (see client.ts) is
// plain node: register the TypeScript loader, then load it. The build bundles the target.
import { register } from 'tsx/esm/api';

register();
await import('./migrate-child.ts');
