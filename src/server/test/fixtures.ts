import path from 'node:path';

/** Sample documents shipped with the repository (fixtures/README.md). */
export const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures');
