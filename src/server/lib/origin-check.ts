import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Browsers name the page that sent a request in `Origin`. A state-changing request from
 * another site is refused (the session cookie is SameSite=Lax as a second line).
 * Same-origin means PUBLIC_URL or the host the browser actually used (a phone on the
 * booth's network reaches us by IP address).
 */
export function installOriginCheck(app: FastifyInstance, publicUrl: string | (() => string)): void {
  // Read per request: with PUBLIC_URL unset it follows the port the server ends up on.
  const currentPublicUrl = typeof publicUrl === 'string' ? () => publicUrl : publicUrl;
  let known = { url: '', origin: '' };
  const publicOrigin = () => {
    const url = currentPublicUrl();
    if (url !== known.url) known = { url, origin: new URL(url).origin };
    return known.origin;
  };
  app.addHook('onRequest', async (request) => {
    const origin = request.headers.origin;
    const isUpgrade = request.headers.upgrade?.toLowerCase() === 'websocket';
    if (!origin || (SAFE_METHODS.has(request.method) && !isUpgrade)) return;
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin !== publicOrigin() && origin !== ownOrigin) {
      throw new AppError('FOREIGN_ORIGIN', 'errors.foreignOrigin');
    }
  });
}
