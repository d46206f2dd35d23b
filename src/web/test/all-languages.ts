import { beforeAll } from 'vitest';
import { LANGUAGES } from '#shared/limits.ts';

/*
 * Vitest setup of the web tests: a page fetches only its reader's language (i18n/index.ts);
 * tests switch between all three at will, so they hold them all before the first test. Imported
 * in the hook, after the test file: a file may set the browser's language before i18n starts.
 */
beforeAll(async () => {
  const { loadLanguages } = await import('#web/i18n/index.ts');
  await loadLanguages(LANGUAGES);
});
