import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { isVisitorChatPath } from './src/shared/client-routes.ts';

/**
 * The development server answers the visitor chat's paths with its own page (chat.html), as
 * the built server does (src/server/lib/spa.ts). Here it renders with React: Preact is the
 * chat's in the build only (vite.chat.config.ts).
 */
function visitorChatPage(): Plugin {
  return {
    name: 'docucard:visitor-chat-page',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [pathname = '/', query] = (request.url ?? '/').split('?');
        if (isVisitorChatPath(pathname))
          request.url = query === undefined ? '/chat.html' : `/chat.html?${query}`;
        next();
      });
    },
  };
}

// The front end lives in src/web; the server serves dist/web (see src/server/app.ts). The
// visitor chat's page (chat.html) is a second build into the same folder: vite.chat.config.ts.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), visitorChatPage()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // A chunk's imports are fetched by the browser's module loader, not announced by script
    // (decision 048).
    modulePreload: false,
    rolldownOptions: {
      output: {
        // The icons every page draws are one chunk, not one each (decision 045).
        codeSplitting: {
          groups: [
            {
              name: 'icons',
              test: /node_modules[\\/]lucide-react[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:5000',
      '/ws': { target: 'ws://127.0.0.1:5000', ws: true },
    },
  },
});
