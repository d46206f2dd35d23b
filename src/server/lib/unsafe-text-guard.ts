import type { FastifyInstance } from 'fastify';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '#shared/safe-text.ts';
import { AppError } from './errors.ts';

/**
 * The backstop behind the schemas' safeText(): after validation, any string left in the body,
 * the query or the route parameters (free-form JSON values and keys, routes without a body
 * schema) that holds a NUL byte or a lone surrogate is a 400 field error, before a handler
 * could hand it to PostgreSQL.
 */
export function installUnsafeTextGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = findUnsafeText(part);
      if (path) {
        throw new AppError(
          'VALIDATION_ERROR',
          'errors.validation',
          {},
          { [path.join('.') || '_']: UNSAFE_TEXT_MESSAGE },
        );
      }
    }
  });
}
