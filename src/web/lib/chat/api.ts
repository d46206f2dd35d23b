import type {
  TChatResponse,
  TChatSessionInfo,
  TAnswerImage,
  TCitation,
  TLeadRequest,
  TStoredChatMessage,
} from '#shared/schemas/chat.ts';
import { LANGUAGE_HEADER } from '#shared/limits.ts';
import { chatLanguage } from './i18n.ts';
import type { ChatImageType } from './limits.ts';
import { readSse } from './sse.ts';

/*
 * The visitor chat's calls. Like the app's api helper: cookies
 * included, the interface language in X-Language so the server answers and declines in it,
 * the server's own error text kept. Standalone so the visitor bundle stays small (types only
 * from the shared schemas, which bring zod at run time).
 */

/** The server answered with an error; `message` is its text (already translated). */
export class ChatHttpError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: Record<string, string>;
  readonly hasServerMessage: boolean;
  constructor(
    status: number,
    message: string,
    code?: string,
    fields: Record<string, string> = {},
    hasServerMessage = true,
  ) {
    super(message);
    this.name = 'ChatHttpError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.hasServerMessage = hasServerMessage;
  }
  /** Worth trying again later by itself: a gateway or an overloaded server on the way. */
  get retriable(): boolean {
    return this.status === 502 || this.status === 503 || this.status === 504;
  }
}

/**
 * No answer came (offline, dropped, timed out). `uncertain` when the question may have reached
 * the server before the connection failed.
 */
export class ChatNetworkError extends Error {
  readonly uncertain: boolean;
  constructor(uncertain: boolean, cause?: unknown) {
    super('network error', { cause });
    this.name = 'ChatNetworkError';
    this.uncertain = uncertain;
  }
}

export function isNetworkError(error: unknown): error is ChatNetworkError {
  return error instanceof ChatNetworkError;
}

/** The one line to show for a refusal: a field's message when the server named one. */
export function refusalText(error: unknown): string | null {
  if (!(error instanceof ChatHttpError) || !error.hasServerMessage) return null;
  return error.fields.message ?? error.fields.image ?? error.message;
}

async function toHttpError(response: Response): Promise<ChatHttpError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: unknown; code?: unknown; fields?: unknown };
    if (typeof body.error === 'string') {
      const fields: Record<string, string> = {};
      if (typeof body.fields === 'object' && body.fields !== null)
        for (const [key, value] of Object.entries(body.fields))
          if (typeof value === 'string') fields[key] = value;
      return new ChatHttpError(
        response.status,
        body.error,
        typeof body.code === 'string' ? body.code : undefined,
        fields,
      );
    }
  } catch {
    // Not JSON: fall through.
  }
  return new ChatHttpError(
    response.status,
    `${response.status}: ${response.statusText || 'Error'}`,
    undefined,
    {},
    false,
  );
}

function headers(json: boolean, accept = 'application/json'): Record<string, string> {
  return {
    Accept: accept,
    [LANGUAGE_HEADER]: chatLanguage(),
    ...(json ? { 'Content-Type': 'application/json' } : {}),
  };
}

interface CallOptions {
  signal?: AbortSignal;
  /** Give up (as a network failure) when no answer has come after this long. */
  timeoutMs?: number;
}

/** fetch() that turns network failures and timeouts into ChatNetworkError. */
async function send(
  path: string,
  init: RequestInit,
  { signal, timeoutMs }: CallOptions,
  uncertain: boolean,
): Promise<Response> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort, { once: true });
  const timer = timeoutMs ? setTimeout(abort, timeoutMs) : undefined;
  try {
    return await fetch(path, { ...init, credentials: 'include', signal: controller.signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ChatNetworkError(uncertain, error);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

async function getJson<T>(path: string, options: CallOptions = {}): Promise<T> {
  const response = await send(
    path,
    { method: 'GET', headers: headers(false), cache: 'no-store' },
    options,
    false,
  );
  if (!response.ok) throw await toHttpError(response);
  return (await response.json()) as T;
}

async function postJson<T>(path: string, body: unknown, options: CallOptions = {}): Promise<T> {
  const response = await send(
    path,
    { method: 'POST', headers: headers(true), body: JSON.stringify(body) },
    options,
    true,
  );
  if (!response.ok) throw await toHttpError(response);
  try {
    return (await response.json()) as T;
  } catch (error) {
    // The answer broke off on the way.
    throw new ChatNetworkError(true, error);
  }
}

export type SessionInfo = TChatSessionInfo;
export type Citation = TCitation;
export type AnswerImage = TAnswerImage;
export type StoredMessage = TStoredChatMessage;
export type ChatAnswer = TChatResponse;

/** The browser's IANA time zone (tells analytics the visitor's country without GeoIP). */
function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && zone.length <= 64 && /^[A-Za-z][A-Za-z0-9_+/-]*$/.test(zone) ? zone : null;
  } catch {
    return null;
  }
}

/** Opens (or resumes) the visitor session and reads the header's details. 404: no such card. */
export function fetchSessionInfo(
  cardId: number,
  context: { src?: string | null; ref?: string },
  options?: CallOptions,
): Promise<SessionInfo> {
  const query = new URLSearchParams();
  if (context.src) query.set('src', context.src.slice(0, 50));
  if (context.ref) query.set('ref', context.ref.slice(0, 500));
  const timeZone = browserTimeZone();
  if (timeZone) query.set('tz', timeZone);
  const search = query.toString();
  return getJson<SessionInfo>(`/api/chat/session-info/${cardId}${search ? `?${search}` : ''}`, {
    timeoutMs: 20_000,
    ...options,
  });
}

/** The card's suggested questions in a language (after the visitor switches it). */
export async function fetchSuggestedQuestions(
  cardId: number,
  language: string,
  options?: CallOptions,
): Promise<string[]> {
  const body = await getJson<{ suggestedQuestions: string[] }>(
    `/api/chat/suggested-questions/${cardId}?lang=${encodeURIComponent(language)}`,
    options,
  );
  return body.suggestedQuestions;
}

export async function fetchHistory(
  cardId: number,
  options?: CallOptions,
): Promise<StoredMessage[]> {
  const body = await getJson<{ messages: StoredMessage[] }>(`/api/chat/history/${cardId}`, {
    timeoutMs: 20_000,
    ...options,
  });
  return Array.isArray(body.messages) ? body.messages : [];
}

/** The non-streaming answer (fallback where a response body cannot be read as it comes). */
export function askQuestion(
  cardId: number,
  message: string,
  options?: CallOptions,
): Promise<ChatAnswer> {
  return postJson<ChatAnswer>(
    `/api/chat/${cardId}`,
    { message },
    { timeoutMs: 90_000, ...options },
  );
}

/** Waiting for the first byte of the answer, and then between two pieces of it. */
const STREAM_START_TIMEOUT_MS = 45_000;
const STREAM_IDLE_TIMEOUT_MS = 60_000;

/**
 * Asks over the streaming call: `onDelta` receives the words as they come; resolves with the
 * final message and its citations.
 */
export async function streamAnswer(
  cardId: number,
  message: string,
  onDelta: (text: string) => void,
  options: CallOptions = {},
): Promise<ChatAnswer> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  options.signal?.addEventListener('abort', abort, { once: true });
  let idle = setTimeout(abort, STREAM_START_TIMEOUT_MS);
  const touch = () => {
    clearTimeout(idle);
    idle = setTimeout(abort, STREAM_IDLE_TIMEOUT_MS);
  };
  try {
    const response = await send(
      `/api/chat/${cardId}/stream`,
      {
        method: 'POST',
        headers: headers(true, 'text/event-stream'),
        body: JSON.stringify({ message }),
      },
      { signal: controller.signal },
      true,
    );
    if (!response.ok) throw await toHttpError(response);
    const type = response.headers.get('content-type') ?? '';
    if (!response.body || !type.includes('text/event-stream')) {
      // A proxy that buffered the stream into JSON, or no readable body: read it whole.
      return (await response.json()) as ChatAnswer;
    }
    let result: ChatAnswer | null = null;
    await readSse(response.body, (event) => {
      touch();
      const data = JSON.parse(event.data) as Record<string, unknown>;
      if (event.event === 'delta' && typeof data.text === 'string') onDelta(data.text);
      else if (event.event === 'done' && data.message === null && data.humanTakeover === true)
        result = { message: null, citations: [], humanTakeover: true };
      else if (event.event === 'done' && typeof data.message === 'string')
        result = {
          message: data.message,
          citations: Array.isArray(data.citations) ? (data.citations as Citation[]) : [],
          ...(Array.isArray(data.images) ? { images: data.images as AnswerImage[] } : {}),
          ...(typeof data.messageId === 'string' ? { messageId: data.messageId } : {}),
        };
    });
    if (!result) throw new Error('the answer ended early');
    return result;
  } catch (error) {
    if (error instanceof ChatHttpError || error instanceof ChatNetworkError) throw error;
    // The visitor left: not a failure to report.
    if (options.signal?.aborted) throw error;
    // Dropped, timed out or cut short after the question went out.
    throw new ChatNetworkError(true, error);
  } finally {
    clearTimeout(idle);
    options.signal?.removeEventListener('abort', abort);
  }
}

export function askAboutImage(
  cardId: number,
  input: { message?: string; image: string; imageType: ChatImageType },
  options?: CallOptions,
): Promise<ChatAnswer> {
  return postJson<ChatAnswer>(`/api/chat/image/${cardId}`, input, {
    timeoutMs: 120_000,
    ...options,
  });
}

/** The visitor's 👍 (true) or 👎 (false) on one of their answers; a new one replaces it. */
export function rateAnswer(
  cardId: number,
  messageId: string,
  helpful: boolean,
  options?: CallOptions,
): Promise<{ messageId: string; helpful: boolean }> {
  return postJson(
    `/api/chat/${cardId}/feedback`,
    { messageId, helpful },
    {
      timeoutMs: 20_000,
      ...options,
    },
  );
}

export type LeadInput = TLeadRequest;

export function sendLead(
  cardId: number,
  lead: LeadInput,
  options?: CallOptions,
): Promise<{ ok: true }> {
  return postJson<{ ok: true }>(`/api/chat/${cardId}/lead`, lead, {
    timeoutMs: 30_000,
    ...options,
  });
}

export function vcardUrl(cardId: number): string {
  return `/api/business-cards/${cardId}/vcard`;
}

export function eventsUrl(cardId: number): string {
  return `/api/chat/events/${cardId}`;
}

/** A live message from the company (GET /api/chat/events), or null for anything else. */
export function parseLiveEvent(data: string): StoredMessage | null {
  try {
    const event = JSON.parse(data) as { type?: unknown; message?: Partial<StoredMessage> };
    const message = event.message;
    if (event.type !== 'agent_reply' || !message || typeof message.content !== 'string')
      return null;
    return {
      role: 'agent',
      content: message.content,
      createdAt:
        typeof message.createdAt === 'string' ? message.createdAt : new Date().toISOString(),
    };
  } catch {
    return null;
  }
}

/** Whether a person from the booth answers instead of the assistant, and until when. */
export interface TakeoverEvent {
  active: boolean;
  /** ISO time it ends by itself unless the staff writes again; null when inactive. */
  expiresAt: string | null;
}

/** A takeover change from GET /api/chat/events (also sent once on connecting), else null. */
export function parseTakeoverEvent(data: string): TakeoverEvent | null {
  try {
    const event = JSON.parse(data) as { type?: unknown; active?: unknown; expiresAt?: unknown };
    if (event.type !== 'takeover' || typeof event.active !== 'boolean') return null;
    const expiresAt =
      typeof event.expiresAt === 'string' && !Number.isNaN(Date.parse(event.expiresAt))
        ? event.expiresAt
        : null;
    return {
      active: event.active && expiresAt !== null,
      expiresAt: event.active ? expiresAt : null,
    };
  } catch {
    return null;
  }
}
