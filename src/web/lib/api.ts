import { ERROR_CODES, type ErrorBody, type ErrorCode } from '#shared/errors.ts';
import { LANGUAGE_HEADER } from '#shared/limits.ts';
import { currentLanguage } from '../i18n/index.ts';
import { takeEarlyResponse } from './early-requests.ts';

/** Codes the browser adds for failures that never produced a JSON error body. */
export type ClientErrorCode = ErrorCode | 'NETWORK' | 'HTTP_ERROR';

/**
 * A failed request. `message` is the server's text (already in the request language) when the
 * server sent a JSON error; otherwise "<status>: <status text>".
 * `hasServerMessage` says which of the two it is, so the UI can fall back to its own words.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ClientErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly hasServerMessage: boolean;

  constructor(options: {
    status: number;
    code: ClientErrorCode;
    message: string;
    fields?: Record<string, string>;
    hasServerMessage: boolean;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.fields = options.fields;
    this.hasServerMessage = options.hasServerMessage;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

function readErrorBody(value: unknown): Partial<ErrorBody> | null {
  if (typeof value !== 'object' || value === null) return null;
  const body = value as Record<string, unknown>;
  const fields =
    typeof body.fields === 'object' && body.fields !== null
      ? Object.fromEntries(
          Object.entries(body.fields as Record<string, unknown>).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        )
      : undefined;
  return {
    error: typeof body.error === 'string' ? body.error : undefined,
    code: isErrorCode(body.code) ? body.code : undefined,
    fields,
  };
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  return apiErrorFromText(response.status, response.statusText, text);
}

/** The ApiError for an answer already read as text (fetch or XMLHttpRequest alike). */
export function apiErrorFromText(status: number, statusText: string, text: string): ApiError {
  let parsed: Partial<ErrorBody> | null;
  try {
    parsed = readErrorBody(JSON.parse(text));
  } catch {
    parsed = null;
  }
  if (parsed?.error) {
    return new ApiError({
      status,
      code: parsed.code ?? 'HTTP_ERROR',
      message: parsed.error,
      fields: parsed.fields,
      hasServerMessage: true,
    });
  }
  return new ApiError({
    status,
    code: status === 0 ? 'NETWORK' : 'HTTP_ERROR',
    message: status === 0 ? 'Network error' : `${status}: ${statusText || 'Error'}`,
    hasServerMessage: false,
  });
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Bypass every HTTP cache (the current-user check). */
  noCache?: boolean;
  signal?: AbortSignal;
}

/**
 * The one way the browser talks to the API: cookies included, the interface language in
 * `X-Language`, a JSON content type only when there is a body. A FormData body goes as
 * multipart (the browser writes the boundary). Any non-2xx answer throws ApiError. A GET the
 * entry script sent ahead for this page is answered from that (lib/early-requests.ts).
 */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [LANGUAGE_HEADER]: currentLanguage(),
  };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (options.noCache) {
    headers['Cache-Control'] = 'no-cache';
    headers.Pragma = 'no-cache';
  }

  let response: Response;
  try {
    // A read the entry script already sent for this page (lib/early-requests.ts).
    const early = method === 'GET' ? await takeEarlyResponse(path) : undefined;
    response =
      early ??
      (await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        credentials: 'include',
        cache: options.noCache ? 'no-store' : undefined,
        signal: options.signal,
      }));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({
      status: 0,
      code: 'NETWORK',
      message: cause instanceof Error ? cause.message : 'Network error',
      hasServerMessage: false,
    });
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The text to show for a failed request: the server's own (translated) message when there is
 * one, otherwise the caller's localized fallback.
 */
export function errorText(error: unknown, fallback: string): string {
  return isApiError(error) && error.hasServerMessage ? error.message : fallback;
}
