import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { $ZodError } from 'zod/v4/core';
import type { ErrorBody, ErrorCode } from '#shared/errors.ts';
import { AppError, statusForCode } from './errors.ts';
import { hasMessage, requestLanguage, translate } from './i18n.ts';

/** Fastify's own client-error codes and what the user is told. */
const FASTIFY_CODES: Record<string, { code: ErrorCode; key: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'MALFORMED_JSON', key: 'errors.malformedJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'MALFORMED_JSON', key: 'errors.malformedJson' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', key: 'errors.payloadTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    key: 'errors.unsupportedMediaType',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'MALFORMED_JSON', key: 'errors.malformedJson' },
};

/**
 * One place maps every failure to `{ error, code, fields? }` in the request's language.
 * A client mistake is a 4xx; only a defect of ours is a 500, and it is logged.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const language = requestLanguage(request);
    const send = (status: number, body: ErrorBody) => reply.status(status).send(body);

    if (error instanceof AppError) {
      if (error.code === 'RATE_LIMITED' && typeof error.params.seconds === 'number') {
        void reply.header('retry-after', String(error.params.seconds));
      }
      const fields = error.fields
        ? Object.fromEntries(
            Object.entries(error.fields).map(([field, key]) => [field, translate(language, key)]),
          )
        : undefined;
      return send(error.status, {
        error: translate(language, error.messageKey, error.params),
        code: error.code,
        ...(fields ? { fields } : {}),
      });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
        const key =
          issue.message && hasMessage(issue.message) ? issue.message : 'validation.invalid';
        fields[field] ??= translate(language, key);
      }
      return send(400, {
        error: translate(language, 'errors.validation'),
        code: 'VALIDATION_ERROR',
        fields,
      });
    }

    // Request input parsed with zod outside the route's schema (which is where it belongs):
    // still the client's mistake, answered 400 naming each field, never a 500. Logged, so the
    // route gets its schema.
    if (error instanceof $ZodError) {
      request.log.warn({ err: error }, 'request input validated outside the route schema');
      const fields: Record<string, string> = {};
      for (const issue of error.issues) {
        const field = issue.path.map(String).join('.') || '_';
        const key = hasMessage(issue.message) ? issue.message : 'validation.invalid';
        fields[field] ??= translate(language, key);
      }
      return send(400, {
        error: translate(language, 'errors.validation'),
        code: 'VALIDATION_ERROR',
        fields,
      });
    }

    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) {
      return send(statusForCode(known.code), {
        error: translate(language, known.key),
        code: known.code,
      });
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(status, {
        error: translate(language, status === 404 ? 'errors.notFound' : 'errors.validation'),
        code: status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR',
      });
    }

    request.log.error({ err: error }, 'unhandled error');
    return send(500, { error: translate(language, 'errors.internal'), code: 'INTERNAL' });
  });
}
