import path from 'node:path';
import { defineConfig, mergeConfig } from 'vite';
import app from './vite.config.ts';

/*
 * The visitor chat's own build (docs/decisions/042): chat.html, chat-main.tsx and what they
 * import, without the app's i18n, query cache, shell or styles. Run after the app's build
 * (`npm run build:web`), into the same dist/web, its files under assets/chat/; the server sends
 * chat.html for /chat paths. Like the app's, it renders with Preact (vite.config.ts).
 */
export default defineConfig((env) =>
  mergeConfig(app(env), {
    publicDir: false,
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
