import { eq } from 'drizzle-orm';
import type { HTTPMethods, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import { visitorSessions } from '#server/db/schema.ts';
import {
  api,
  createTestApp,
  freshAddress,
  multipart,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';

/*
 * Walks every route the app registers (collected through Fastify's onRoute hook, so a route
 * added tomorrow is walked too) and throws odd input at each field its zod schemas name:
 * NUL bytes, lone surrogates, huge strings, wrong types, objects, arrays, malformed JSON,
 * odd route parameters and query strings, as a signed-in owner and as an anonymous visitor.
 * Nothing may answer 5xx (but 503 PROVIDER_REQUIRED, the answer of a route that needs a language
 * model on a server without one), every 4xx must be our JSON error, and /api/health must keep answering.
 */

interface Route {
  method: HTTPMethods;
  url: string;
  body: string[] | null;
  query: string[];
  websocket: boolean;
}

const collected: RouteOptions[] = [];
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
const ids = { card: 0, draft: 0, keyword: 0, session: 0, user: 0 };

/** The keys of the object a zod schema (possibly optional, defaulted, piped) describes. */
function objectKeys(schema: unknown): string[] | null {
  let current = schema as { shape?: object; _zod?: { def?: Record<string, unknown> } } | undefined;
  for (let depth = 0; depth < 8 && current; depth += 1) {
    if (current.shape && typeof current.shape === 'object') return Object.keys(current.shape);
    const def = current._zod?.def;
    current = (def?.innerType ?? def?.in ?? def?.schema) as typeof current;
  }
  return null;
}

function routes(): Route[] {
  const seen = new Set<string>();
  const list: Route[] = [];
  for (const route of collected) {
    const methods = [route.method].flat() as HTTPMethods[];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS' || route.url.includes('*')) continue;
      const key = `${method} ${route.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      list.push({
        method,
        url: route.url,
        body: schema.body ? (objectKeys(schema.body) ?? []) : null,
        query: objectKeys(schema.querystring) ?? [],
        websocket: Boolean((route as { websocket?: boolean }).websocket),
      });
    }
  }
  // What ends the owner's session or deletes their things goes last.
  const destructive = (route: Route) =>
    route.method === 'DELETE' || /logout/.test(route.url) ? 1 : 0;
  return list.sort((a, b) => destructive(a) - destructive(b));
}

/** A real id for each kind of route parameter, so the fuzz reaches past the 404. */
function fillParams(url: string): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => {
    if (name === 'userId') return String(ids.user);
    if (name === 'name') return 'aaaaaaaaaaaaaaaaaaaaaaaa.png';
    if (url.startsWith('/api/red-list/')) return String(ids.keyword);
    if (url.startsWith('/api/visitor-sessions/')) return String(ids.session);
    if (url.startsWith('/api/users/')) return String(ids.user);
    if (url.startsWith('/api/documents/')) return '999999';
    return String(ids.card);
  });
}

/** Bodies that pass validation, so one odd field is the only thing wrong. */
function validBody(route: Route): Record<string, unknown> {
  const { url } = route;
  if (url === '/api/auth/register')
    return { username: 'fuzzuser', email: 'fuzz@example.com', password: 'correct-horse-1' };
  if (url === '/api/auth/login') return { username: owner.username, password: owner.password };
  if (url === '/api/auth/profile') return { username: owner.username, email: owner.email };
  if (url.endsWith('/red-list') && route.method === 'POST') return { keyword: 'fuzz' };
  if (url.endsWith('/ai-model')) return { selectedAiModel: 'deepseek' };
  if (url.includes('/lead')) return { name: 'Buyer', email: 'buyer@example.com', consent: true };
  if (url.startsWith('/api/chat/image')) return { image: 'iVBORw0KGgo=', imageType: 'image/png' };
  if (route.body?.includes('message')) return { message: 'What is the price?' };
  if (route.body?.includes('email')) return { email: owner.email };
  return {};
}

const HUGE = 'x'.repeat(200_000);
const ODD_VALUES: unknown[] = [
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udc00y',
  HUGE,
  '',
  '   ',
  '🙂 中文 \u202e',
  12345,
  -1,
  1e308,
  true,
  null,
  {},
  { $ne: 1 },
  [],
  ['a', 'b'],
];
const ODD_PARAMS = [
  '0',
  '-1',
  'abc',
  '1e400',
  '99999999999999999999',
  '%00',
  '%ED%A0%80',
  '9'.repeat(3000),
];
const ODD_QUERY = ['%00', 'a%00b', '%ED%A0%80', '%ED%B0%80', 'x'.repeat(5000)];
/*
 * Query strings of GET routes: values a schema must refuse with a 400 (or ignore), never a 5xx.
 * Sent for each key the route's own schema names, and for every key any route's schema names
 * (a route that reads its query without declaring it is caught this way).
 */
const ODD_QUERY_VALUES = [
  'bogus',
  'URGENT',
  '-1',
  '0',
  '1.5',
  '1e400',
  'NaN',
  'Infinity',
  '99999999999999999999',
  '9'.repeat(400),
  '',
  'true',
  'null',
  '[]',
  '{}',
  '__proto__',
  '%ff',
  '%C0%AF',
  '%E0%A4%A',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%00',
  '%',
  'x'.repeat(10_000),
];
/** Fewer values for keys another route's schema names, so the walk stays quick. */
const FOREIGN_QUERY_VALUES = ['bogus', '1e400', '%ED%A0%80'];
/** Query keys a route might read even without a schema. */
const COMMON_QUERY_KEYS = ['page', 'limit', 'offset', 'q', 'search', 'sort', 'from', 'to', 'id'];

const RAW_BODIES = [
  '{"message":',
  '[]',
  '"text"',
  'null',
  '123',
  '{"\\u0000":"x"}',
  '{"a":"\\ud800"}',
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
  `{"deep":${'['.repeat(5000)}${']'.repeat(5000)}}`,
];
const MULTIPART_FIELDS = [
  'username',
  'companyName',
  'email',
  'phone',
  'website',
  'address',
  'contactName',
  'template',
  'includeQR',
  'businessCardId',
];

interface Caller {
  name: string;
  cookie: string | undefined;
  /** The odd values put in each field (schemas validate the same for everyone). */
  values: unknown[];
}

const failures: string[] = [];
let requests = 0;

function providerRequired(response: LightMyRequestResponse): boolean {
  try {
    return (response.json() as { code?: unknown }).code === 'PROVIDER_REQUIRED';
  } catch {
    return false;
  }
}

function check(label: string, response: LightMyRequestResponse): void {
  requests += 1;
  // 503 PROVIDER_REQUIRED is an answer, not a failure: translation needs a language model and
  // this server has none (the screens link to the model settings).
  if (response.statusCode === 503 && providerRequired(response)) return;
  if (response.statusCode >= 500) {
    failures.push(`${label} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
    return;
  }
  const type = String(response.headers['content-type'] ?? '');
  if (response.statusCode >= 400 && type.includes('application/json')) {
    const body = response.json() as { error?: unknown; code?: unknown };
    if (typeof body.error !== 'string' || typeof body.code !== 'string') {
      failures.push(`${label} -> ${response.statusCode} without {error, code}: ${response.body}`);
    }
  }
}

async function send(
  caller: Caller,
  method: HTTPMethods,
  url: string,
  payload?: string,
  contentType = 'application/json',
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: freshAddress(),
    headers: {
      'x-language': 'en',
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
      ...(payload !== undefined ? { 'content-type': contentType } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });
}

async function fuzzRoute(route: Route, caller: Caller): Promise<void> {
  const base = fillParams(route.url);
  const label = (what: string) => `${caller.name} ${route.method} ${route.url} ${what}`;
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';

  // Route parameters.
  if (route.url.includes(':')) {
    for (const value of ODD_PARAMS) {
      const url = route.url.replace(/:(\w+)/g, value);
      check(label(`param=${value.slice(0, 20)}`), await send(caller, route.method, url));
    }
  }

  // Query strings: each named key, plus one nobody expects.
  for (const key of [...route.query, 'unexpected']) {
    for (const value of ODD_QUERY) {
      const url = `${base}?${key}=${value}&${key}=second`;
      check(label(`?${key}=${value.slice(0, 20)}`), await send(caller, route.method, url));
    }
  }

  if (!hasBody) {
    check(label('plain'), await send(caller, route.method, base));
    return;
  }

  // Bodies that are not an object at all, or not JSON.
  for (const raw of RAW_BODIES) {
    check(label(`raw ${raw.slice(0, 30)}`), await send(caller, route.method, base, raw));
  }
  check(label('text/plain'), await send(caller, route.method, base, 'message=hi', 'text/plain'));
  check(
    label('2 MB'),
    await send(caller, route.method, base, JSON.stringify({ message: 'y'.repeat(2_100_000) })),
  );

  // One odd field at a time in an otherwise valid body.
  const valid = validBody(route);
  const fields = [...(route.body ?? []), 'unexpected'];
  for (const field of fields) {
    // A key nobody expects is dropped by the schema: a few values show it is harmless.
    const values = field === 'unexpected' ? ['a\u0000b', { '\u0000': 1 }, HUGE] : caller.values;
    for (const value of values) {
      const payload = JSON.stringify({ ...valid, [field]: value });
      const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 12)) : String(value);
      check(label(`${field}=${shown}`), await send(caller, route.method, base, payload));
    }
  }

  // Routes that read a multipart form (no JSON body schema): the same odd text in its fields.
  if (route.body === null && route.method === 'POST') {
    for (const value of ['a\u0000b', '\ud800', HUGE]) {
      const fields = Object.fromEntries(MULTIPART_FIELDS.map((name) => [name, value]));
      fields.businessCardId = String(ids.card);
      const response = await multipart(t, base, {
        ...(caller.cookie ? { cookie: caller.cookie } : {}),
        fields,
      });
      check(label(`multipart ${JSON.stringify(value.slice(0, 8))}`), response);
    }
  }
}

beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => collected.push(route) });
  owner = await signUp(t);
  ids.user = owner.id;
  ids.card = (
    await api(t, 'POST', '/api/business-card-session', { body: {}, cookie: owner.cookie })
  ).json().businessCardId;
  await api(t, 'POST', `/api/business-cards/${ids.card}/finalize`, {
    body: {},
    cookie: owner.cookie,
  });
  ids.draft = (
    await api(t, 'POST', '/api/business-card-session', { body: {}, cookie: owner.cookie })
  ).json().businessCardId;
  ids.keyword = (
    await api(t, 'POST', `/api/business-cards/${ids.card}/red-list`, {
      cookie: owner.cookie,
      body: { keyword: 'price' },
    })
  ).json().id;
  const opened = await api(t, 'GET', `/api/chat/session-info/${ids.card}`);
  const visitorCookie = opened.cookies.find((c) => c.name === VISITOR_COOKIE)!.value;
  await api(t, 'POST', `/api/chat/${ids.card}`, {
    cookie: `${VISITOR_COOKIE}=${visitorCookie}`,
    body: { message: 'hello' },
  });
  const [session] = await t.ctx.db
    .select({ id: visitorSessions.id })
    .from(visitorSessions)
    .where(eq(visitorSessions.businessCardId, ids.card));
  ids.session = session!.id;
}, 120_000);
afterAll(() => t.close());

/** The query strings one GET route is sent: odd values, repeated keys, bare keys, all at once. */
function oddQueries(route: Route, allKeys: string[]): string[] {
  const queries: string[] = [];
  const keys = [...new Set([...route.query, ...allKeys])];
  for (const key of keys) {
    if (!route.query.includes(key)) {
      for (const value of FOREIGN_QUERY_VALUES) queries.push(`${key}=${value}`);
      queries.push(`${key}=1&${key}=2`);
      continue;
    }
    for (const value of ODD_QUERY_VALUES) queries.push(`${key}=${value}`);
    queries.push(key, `${key}=1&${key}=2`, `${key}=bogus&${key}=bogus&${key}=`);
    queries.push(`${key}[]=1`, `${key}[a]=1`, `${encodeURIComponent(key)}%ff=1`);
  }
  queries.push(keys.map((key) => `${key}=bogus`).join('&'));
  queries.push(keys.map((key) => `${key}=1&${key}=2`).join('&'));
  queries.push('&&&=&=&', '=1', '%ff=%ff', `${'k'.repeat(5000)}=1`);
  return queries;
}

describe('every route, fed odd input', () => {
  it('finds the routes through onRoute', () => {
    const found = routes().map((route) => `${route.method} ${route.url}`);
    expect(found.length).toBeGreaterThan(30);
    expect(found).toEqual(
      expect.arrayContaining([
        'PUT /api/business-cards/:id',
        'POST /api/chat/:id',
        'PUT /api/red-list/:id',
        'GET /api/chat/session-info/:id',
        'POST /api/auth/register',
      ]),
    );
  });

  it('never answers 5xx to odd cookies and language headers', async () => {
    const headerSets: Array<Record<string, string>> = [
      { cookie: 'docucard.sid=%ff%fe; docucard.vid=%00%E0%A4%A' },
      { cookie: `docucard.sid=${'a'.repeat(4000)}; docucard.vid=${'b'.repeat(4000)}` },
      { cookie: '=;;;=docucard.sid;docucard.sid=' },
      { 'accept-language': 'zz-ZZ;q=abc,,,;q=,*;q=2', 'x-language': '../../etc/passwd' },
      { 'x-language': 'zh-TW'.repeat(500), 'accept-language': '*' },
      { origin: 'null', referer: 'javascript:alert(1)', 'user-agent': 'x'.repeat(10_000) },
    ];
    for (const route of routes()) {
      if (route.websocket) continue;
      for (const headers of headerSets) {
        // A visitor cookie that earlier requests made a real visitor keeps the live stream open.
        const live = route.url.startsWith('/api/chat/events/') && headers.cookie?.includes('vid');
        if (live) continue;
        const response = await t.app.inject({
          method: route.method,
          url: fillParams(route.url),
          remoteAddress: freshAddress(),
          headers: { ...headers, 'content-type': 'application/json' },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: '{}' }),
        });
        check(`headers ${route.method} ${route.url} ${Object.keys(headers).join(',')}`, response);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers 400 naming the field to an unknown stage or priority on the lead exports', async () => {
    for (const [path, query, field] of [
      ['/api/sales-pipeline/leads.csv', 'stage=bogus', 'stage'],
      ['/api/sales-pipeline/leads.xlsx', 'priority=x', 'priority'],
      ['/api/sales-pipeline/leads.csv', 'priority=1&priority=2', 'priority'],
      ['/api/sales-pipeline/leads.xlsx', 'stage=%ED%A0%80', 'stage'],
    ] as const) {
      const response = await api(t, 'GET', `${path}?${query}`, { cookie: owner.cookie });
      expect(response.statusCode, `${path}?${query}`).toBe(400);
      expect(response.json(), `${path}?${query}`).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { [field]: expect.any(String) },
      });
    }
    const filtered = '/api/sales-pipeline/leads.csv?stage=qualified&priority=high';
    expect((await api(t, 'GET', filtered, { cookie: owner.cookie })).statusCode).toBe(200);
  });

  it('never answers 5xx to odd query strings on any GET route (enums, numbers, arrays, bad escapes)', async () => {
    const start = failures.length;
    const gets = routes().filter((route) => route.method === 'GET' && !route.websocket);
    const allKeys = [...new Set([...gets.flatMap((route) => route.query), ...COMMON_QUERY_KEYS])];
    expect(allKeys).toEqual(expect.arrayContaining(['stage', 'priority', 'days', 'page']));
    let sent = 0;
    for (const caller of [
      { name: 'owner', cookie: owner.cookie },
      { name: 'visitor', cookie: undefined },
    ] as const) {
      for (const route of gets) {
        const base = fillParams(route.url);
        // Anonymous: the route's own keys (most owner routes answer 401 whatever the query).
        const queries = caller.cookie ? oddQueries(route, allKeys) : oddQueries(route, []);
        for (const query of queries) {
          sent += 1;
          const response = await t.app.inject({
            method: 'GET',
            url: `${base}?${query}`,
            remoteAddress: freshAddress(),
            headers: { 'x-language': 'en', ...(caller.cookie ? { cookie: caller.cookie } : {}) },
          });
          check(`${caller.name} GET ${route.url}?${query.slice(0, 60)}`, response);
        }
      }
      const health = await api(t, 'GET', '/api/health');
      if (health.statusCode !== 200) failures.push(`health after queries: ${health.body}`);
    }
    expect(failures.slice(start)).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  }, 600_000);

  it('never answers 5xx, as a visitor or as the signed-in owner, and stays healthy', async () => {
    const callers: Caller[] = [
      { name: 'visitor', cookie: undefined, values: ['a\u0000b', '\ud800', HUGE, {}, []] },
      { name: 'owner', cookie: owner.cookie, values: ODD_VALUES },
    ];
    for (const caller of callers) {
      for (const route of routes()) {
        // A WebSocket needs an upgrade; the event stream is walked without a visitor cookie.
        if (route.websocket) continue;
        await fuzzRoute(route, caller);
        const health = await api(t, 'GET', '/api/health');
        if (health.statusCode !== 200) failures.push(`health after ${route.url}: ${health.body}`);
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(1000);
    expect((await api(t, 'GET', '/api/health')).json()).toMatchObject({ status: 'ok' });
  }, 600_000);
});
