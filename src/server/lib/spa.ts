import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isClientRoute, isVisitorChatPath } from '#shared/client-routes.ts';
import { AppError } from './errors.ts';

/**
 * Serves the built front end. Hashed assets are cached for a year; the pages are never
 * cached, and every non-API GET gets one so the client draws the page: the visitor chat's
 * paths its own page (chat.html, a separate Preact build: docs/decisions/042), any other path
 * the app's (index.html). With 200 for a path in the shared route table, with 404 for any
 * other (the client shows its not-found page there). Unknown /api paths get a JSON 404.
 */
export async function installSpa(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  const indexFile = webRoot ? path.join(webRoot, 'index.html') : undefined;
  const chatFile = webRoot ? path.join(webRoot, 'chat.html') : undefined;
  const hasWeb = [indexFile, chatFile].every((file) => file !== undefined && fs.existsSync(file));

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot!,
      // Looked up per request, so a rebuilt front end is served without a restart.
      wildcard: true,
      // .br/.gz written by scripts/compress-dist.mjs at build time.
      preCompressed: true,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }

  const sendPage = (reply: FastifyReply, file: string, status = 200) =>
    reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(fs.createReadStream(file));

  // The static plugin's wildcard would answer "/" as a directory listing refused (403).
  if (hasWeb) app.get('/', (_request, reply) => sendPage(reply, indexFile!));

  app.setNotFoundHandler(async (request, reply) => {
    const isApi =
      request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/ws/');
    if (isApi || !['GET', 'HEAD'].includes(request.method)) {
      throw new AppError('NOT_FOUND', 'errors.apiNotFound');
    }
    // A missing file (an old hashed asset, say) is a 404, never the page in its place.
    if (path.extname(request.url.split('?')[0] ?? '') !== '') {
      throw new AppError('NOT_FOUND', 'errors.notFound');
    }
    if (!hasWeb) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web interface is not built yet. Run `npm run build`.');
    }
    const pathname = request.url.split('?')[0] ?? '/';
    const page = isVisitorChatPath(pathname) ? chatFile! : indexFile!;
    return sendPage(reply, page, isClientRoute(pathname) ? 200 : 404);
  });
}
