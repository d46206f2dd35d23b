import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import drizzle from 'eslint-plugin-drizzle';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;
const FEATURES = path.join(ROOT, 'src/server/features');
const featureNames = fs
  .readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/*
 * The layers (issue 28, item 4; docs/decisions/029). Judged on the file an import resolves to,
 * so `#server/…`, `../../server/…`, `import type`, `export … from` and `import()` all count —
 * which is also why this is import-x/no-restricted-paths and not no-restricted-imports (whose
 * glob patterns read a leading `#` as a comment and which sees only the written string).
 * Type-only imports count too: a type from another layer is still a dependency on its shape.
 */
const boundaries = [
  {
    target: './src/web',
    from: './src/server',
    message:
      'The web app reaches the server over HTTP only; what both sides need goes in src/shared.',
  },
  {
    target: './src/server',
    from: './src/web',
    message: 'The server never imports the web app; what both sides need goes in src/shared.',
  },
  {
    target: './src/shared',
    from: ['./src/server', './src/web'],
    message: 'src/shared is used by the server and the web app and imports neither.',
  },
  {
    // The layers beneath the features; app.ts, main.ts and the test helpers wire features up.
    target: [
      './src/server/lib',
      './src/server/jobs',
      './src/server/realtime',
      './src/server/db',
      './src/server/ai',
      './src/server/ingest',
      './src/server/text',
      './src/server/vocabulary',
    ],
    from: './src/server/features',
    message:
      'The layers beneath the features never import one: pass a function in, or move the shared part here.',
  },
  // A feature reaches another one only through that feature's service.ts.
  ...featureNames.map((name) => ({
    target: `./src/server/features/${name}`,
    from: `${FEATURES}/**`,
    except: [`${FEATURES}/${name}/**`, `${FEATURES}/*/service.ts`],
    message: `Import another feature through its service.ts (re-export there what ${name} needs), or move the shared part to src/server/lib.`,
  })),
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      '.tmp/',
      'node_modules/',
      'e2e/artifacts/',
      'test-results/',
      'src/server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: ROOT },
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { drizzle, 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x follows imports into .ts files only when told they are TypeScript; the resolver
      // reads package.json "imports" (#server/*, #shared/*, #web/*) and the written extensions.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
      'import-x/external-module-folders': ['node_modules'],
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      // Type-only imports are erased, so import-x does not count them in a cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: boundaries }],
      // An import the resolver cannot follow would pass the boundaries unseen. Vite's
      // `?chat-slice.json` suffix (src/web/lib/chat/i18n.ts) names a file in src/shared.
      'import-x/no-unresolved': ['error', { ignore: ['\\?chat-slice\\.json$'] }],
    },
  },
  {
    // Node's globals reach the web program's types anyway (@types/qrcode references them), so
    // tsconfig.web.json alone would not stop them; the web app's tests run in Node and may.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/**/*.test.{ts,tsx}', 'src/web/test/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          'process',
          'Buffer',
          'global',
          'require',
          '__dirname',
          '__filename',
          'setImmediate',
        ].map((name) => ({ name, message: `${name} is Node's; the web app runs in the browser.` })),
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
