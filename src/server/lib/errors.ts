import type { ErrorCode } from '#shared/errors.ts';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  MALFORMED_JSON: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  ACCOUNT_DISABLED: 403,
  INVALID_TOKEN: 400,
  FORBIDDEN: 403,
  FOREIGN_ORIGIN: 403,
  NOT_FOUND: 404,
  USER_EXISTS: 409,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_FILES: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  PROVIDER_FAILED: 502,
  PROVIDER_REQUIRED: 503,
  INTERNAL: 500,
};

export function statusForCode(code: ErrorCode): number {
  return STATUS_BY_CODE[code];
}

/**
 * The one error type services throw. `messageKey` is an i18n key (src/shared/i18n) translated
 * into the request's language by the error handler; `params` fill its {{placeholders}}.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
    readonly fields?: Record<string, string>,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }

  get status(): number {
    return statusForCode(this.code);
  }
}

export const notFound = () => new AppError('NOT_FOUND', 'errors.notFound');
export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'errors.unauthenticated');
export const forbidden = () => new AppError('FORBIDDEN', 'errors.forbidden');
