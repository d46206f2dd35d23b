/** Stable error codes: the client branches on these, never on message text. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'MALFORMED_JSON',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_DISABLED',
  'INVALID_TOKEN',
  'FORBIDDEN',
  'FOREIGN_ORIGIN',
  'NOT_FOUND',
  'USER_EXISTS',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_FILES',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'PROVIDER_FAILED',
  'PROVIDER_REQUIRED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The JSON body of every error answer. */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  /** Validation errors: field name to a translated message. */
  fields?: Record<string, string>;
}

/** Server text that the client must recognise as "account exists". */
export const USER_EXISTS_MESSAGE = 'User already exists';
