import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The boundaries eslint.config.js keeps (docs/decisions/029), shown on small
 * sources placed where each rule applies. The project's own config is used, less type
 * information: none of these rules needs it, and building the whole program would take most of
 * the test's time. `npm run lint` shows that the real tree passes them.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const BOUNDARY = 'import-x/no-restricted-paths';

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: path.join(ROOT, 'eslint.config.js'),
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
});

/** The rule of every problem ESLint finds in `code` as the file `file` (nothing is written). */
async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

describe('src/web and src/server never import each other', () => {
  it('a web module importing the server fails, by alias or relative path, types too', async () => {
    const code = [
      "import { AppError } from '#server/lib/errors.ts';",
      "import type { AppContext } from '../../server/context.ts';",
      'export const used: [typeof AppError, AppContext | null] = [AppError, null];',
    ].join('\n');
    expect(await problems('src/web/lib/boundary-fixture.ts', code)).toEqual([BOUNDARY, BOUNDARY]);
  });

  it('a server module importing the web app fails', async () => {
    const code = [
      "import { browserInterfaceLanguage } from '#web/i18n/browser-language.ts';",
      'export const used = browserInterfaceLanguage;',
    ].join('\n');
    expect(await problems('src/server/lib/boundary-fixture.ts', code)).toEqual([BOUNDARY]);
  });

  it('src/shared imports neither side', async () => {
    const code = [
      "import { AppError } from '#server/lib/errors.ts';",
      "import { cn } from '#web/lib/utils.ts';",
      'export const used = [AppError, cn];',
    ].join('\n');
    expect(await problems('src/shared/boundary-fixture.ts', code)).toEqual([BOUNDARY, BOUNDARY]);
  });

  it('both sides read src/shared, the locale files included', async () => {
    const server = [
      "import { DEFAULT_LANGUAGE } from '#shared/limits.ts';",
      "import en from '#shared/i18n/en.json' with { type: 'json' };",
      'export const used = [DEFAULT_LANGUAGE, en];',
    ].join('\n');
    const web = [
      "import { DEFAULT_LANGUAGE } from '#shared/limits.ts';",
      "import zhCN from '#shared/i18n/zh-CN.json';",
      "import { cn } from '../lib/utils.ts';",
      'export const used = [DEFAULT_LANGUAGE, zhCN, cn];',
    ].join('\n');
    expect(await problems('src/server/lib/boundary-fixture.ts', server)).toEqual([]);
    expect(await problems('src/web/i18n/boundary-fixture.ts', web)).toEqual([]);
  });

  it("web code cannot use Node's globals, which the web program's types still know", async () => {
    const code = "export const mode = process.env.NODE_ENV ?? Buffer.from('').length;";
    expect(await problems('src/web/lib/boundary-fixture.ts', code)).toEqual([
      'no-restricted-globals',
      'no-restricted-globals',
    ]);
  });

  it('an import the resolver cannot follow fails instead of passing the boundaries unseen', async () => {
    const code =
      "import { nothing } from '#server/no-such-module.ts';\nexport const used = nothing;";
    expect(await problems('src/web/lib/boundary-fixture.ts', code)).toEqual([
      'import-x/no-unresolved',
    ]);
  });
});

describe('the server layers', () => {
  it('lib never imports a feature, not even its service.ts', async () => {
    const code = [
      "import { findOwnedCard } from '#server/features/cards/service.ts';",
      "import type { DocumentProcessor } from '../features/documents/processor.ts';",
      'export const used: [typeof findOwnedCard, DocumentProcessor | null] = [findOwnedCard, null];',
    ].join('\n');
    expect(await problems('src/server/lib/boundary-fixture.ts', code)).toEqual([
      BOUNDARY,
      BOUNDARY,
    ]);
  });

  it('the job queue is beneath the features too', async () => {
    const code = [
      "import { deriveAll } from '#server/features/pipeline/service.ts';",
      'export const used = deriveAll;',
    ].join('\n');
    expect(await problems('src/server/jobs/boundary-fixture.ts', code)).toEqual([BOUNDARY]);
  });

  it("a feature reaches another feature only through that feature's service.ts", async () => {
    const code = [
      "import { qrPng } from '#server/features/cards/qr-print.ts';",
      "import type { LogoBytes } from '../cards/logo-file.ts';",
      "import { findOwnedCard } from '#server/features/cards/service.ts';",
      "import { attachment } from '#server/lib/content-disposition.ts';",
      "import { renderPng } from './poster-render.ts';",
      'export const used: [unknown, LogoBytes | null] = [',
      '  [qrPng, findOwnedCard, attachment, renderPng],',
      '  null,',
      '];',
    ].join('\n');
    expect(await problems('src/server/features/marketing/boundary-fixture.ts', code)).toEqual([
      BOUNDARY,
      BOUNDARY,
    ]);
  });
});

describe('import cycles', () => {
  // A cycle needs both files on disk: the rule follows the imports through the files themselves.
  const folder = path.join(ROOT, `src/server/lib/boundary-fixture-${process.pid}`);
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  function write(name: string, code: string): string {
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, name);
    fs.writeFileSync(file, code);
    return file;
  }

  it('a new cycle fails, also when one side imports lazily', async () => {
    const a = write(
      'a.ts',
      "import { b } from './b.ts';\nexport const a = (): number => b() + 1;\n",
    );
    write('b.ts', "export const b = async (): Promise<number> => (await import('./a.ts')).a();\n");
    const c = write('c.ts', "import { d } from './d.ts';\nexport const c = (): number => d + 1;\n");
    write('d.ts', "import { c } from './c.ts';\nexport const d = 1;\nexport const e = c;\n");
    const results = await eslint.lintFiles([a, c]);
    const ruleIds = results.map((result) => result.messages.map((message) => message.ruleId));
    expect(ruleIds).toEqual([['import-x/no-cycle'], ['import-x/no-cycle']]);
  });

  it('a type-only import back is no cycle: it is erased', async () => {
    const e = write(
      'e.ts',
      "import { f } from './f.ts';\nexport interface E {\n  name: string;\n}\nexport const g = (): boolean => f(null);\n",
    );
    write(
      'f.ts',
      "import type { E } from './e.ts';\nexport const f = (e: E | null): boolean => !e;\n",
    );
    const [result] = await eslint.lintFiles([e]);
    expect(result!.messages).toEqual([]);
  });
});
