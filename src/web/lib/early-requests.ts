/*
 * The reads a page needs for its first draw, sent by the entry script (main.tsx) while the
 * page's own code is still on its way, instead of after it has arrived and rendered: on a
 * phone's network that is a round trip of scripts fewer before the page shows its figures
 * (docs/decisions/045). Each answer is used once: by the page's first draw when it is already
 * here (`earlyAnswer`, a query's initial data: no placeholder, no jump when it arrives), else by
 * the first `apiRequest` GET of the same path (`takeEarlyResponse`). A read that failed, or is
 * older than EARLY_ANSWER_MAX_AGE_MS, is asked again as usual. Only reads whose answer does not
 * depend on the interface language.
 */

/** What every page reads, and what one page reads besides. */
const EVERY_PAGE = ['/api/auth/user'];
const BY_PAGE: Record<string, readonly string[]> = {
  '/': ['/api/landing-content', '/api/analytics/public', '/api/trade-fairs'],
};

/** Past this an early answer is not used: the page asks again. */
export const EARLY_ANSWER_MAX_AGE_MS = 10_000;

/** An answer that is here: its status and its body (JSON), if it had one. */
export interface EarlyAnswer {
  status: number;
  ok: boolean;
  body: unknown;
}

interface EarlyRead {
  sentAt: number;
  response: Promise<Response | undefined>;
  answer?: EarlyAnswer;
}

const early = new Map<string, EarlyRead>();

function readJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the whole answer at once, so a draw can use it before anyone asks. */
async function readAhead(path: string, read: EarlyRead): Promise<Response | undefined> {
  try {
    const answer = await fetch(path, {
      headers: { Accept: 'application/json' },
      credentials: 'include',
      cache: 'no-store',
    });
    const text = await answer.text();
    read.answer = { status: answer.status, ok: answer.ok, body: readJson(text) };
    return new Response(answer.status === 204 ? null : text, {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers,
    });
  } catch {
    return undefined;
  }
}

/** Sends the reads the page at `pathname` will make first. */
export function sendEarlyRequests(pathname: string): void {
  for (const path of [...EVERY_PAGE, ...(BY_PAGE[pathname] ?? [])]) {
    const read: EarlyRead = { sentAt: Date.now(), response: Promise.resolve(undefined) };
    read.response = readAhead(path, read);
    early.set(path, read);
  }
}

function take(path: string): EarlyRead | undefined {
  const read = early.get(path);
  if (!read) return undefined;
  early.delete(path);
  return Date.now() - read.sentAt <= EARLY_ANSWER_MAX_AGE_MS ? read : undefined;
}

/**
 * What `read` makes of the early answer for `path` when that answer is already here; once `read`
 * has made something of it (not undefined) it is used up.
 */
export function earlyAnswer<T>(
  path: string,
  read: (answer: EarlyAnswer) => T | undefined,
): T | undefined {
  const answer = early.get(path)?.answer;
  if (!answer) return undefined;
  const value = read(answer);
  return value !== undefined && take(path) ? value : undefined;
}

/** The body of a successful early answer for `path`, once (a query's initial data). */
export function earlyData<T>(path: string): T | undefined {
  return earlyAnswer(path, (answer) => (answer.ok ? (answer.body as T) : undefined));
}

/** The early answer for a GET of `path`, once; undefined when there is none to use. */
export function takeEarlyResponse(path: string): Promise<Response | undefined> | undefined {
  return take(path)?.response;
}
