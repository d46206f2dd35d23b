import path from 'node:path';
import { defineConfig, mergeConfig } from 'vite';
import app from './vite.config.ts';

/*
 * The visitor chat's own build (docs/decisions/042): chat.html, chat-main.tsx and what they
 * import, rendered by Preact through preact/compat instead of React DOM (58 KiB of the
 * chat's 70 KiB budget). Run after the app's build (`npm run build:web`), into the same
 * dist/web, its files under assets/chat/; the server sends chat.html for /chat paths.
 */
export default mergeConfig(
  app,
  defineConfig({
    publicDir: false,
    resolve: {
      alias: [
        { find: /^react$/, replacement: 'preact/compat' },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
        { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      ],
    },
    build: {
      emptyOutDir: false,
      assetsDir: 'assets/chat',
      rolldownOptions: {
        input: { 'chat-main': path.resolve(import.meta.dirname, 'src/web/chat.html') },
        // Rolldown's own splitting: the chat draws a handful of icons, not the app's set.
        output: { codeSplitting: true },
      },
    },
  }),
);
