/*
 * Every path the browser app answers, in one list: the client's route table is built from it
 * and the server answers HTTP 404 (with the same not-found page) for any path outside it.
 * `:name` stands for one path segment. No React, no Node: both sides import it.
 */

/** Pages anyone may open. */
export const PUBLIC_PAGE_ROUTES = [
  '/',
  '/register',
  '/login',
  '/email-verified',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/user-management',
  '/loading-demo',
  '/admin-panel',
  '/user-details',
  '/logo-upload',
  '/card-demo',
  '/card/:id',
] as const;

/** Pages that need a signed-in owner (signed out: /login?next=…). */
export const PRIVATE_PAGE_ROUTES = [
  '/document-upload/:id',
  '/ai-model-selection/:id',
  '/analysis/:id',
  '/analysis',
  '/result/:id',
  '/my-cards',
  '/advanced-features',
  '/advanced-features/:id',
  '/corporate-dashboard',
  '/analytics',
  '/sales-pipeline',
  '/onboarding',
  '/social-transformer',
  '/conversation-starter',
  '/event-poster',
  '/audio-content',
  '/push-notifications',
  '/video-generation',
  '/color-palette',
  '/red-list-management',
  '/questions-to-answer',
  '/conversations/:customerId',
] as const;

/** The visitor chat (its own bundle; a malformed id gets the chat's short not-found). */
export const VISITOR_CHAT_ROUTES = ['/chat/card/:id', '/chat/:id'] as const;

/**
 * True for every path the visitor chat answers, not-found variants included: the server sends
 * these the chat's own page (chat.html, built with Preact: docs/decisions/042), not the app's.
 */
export function isVisitorChatPath(pathname: string): boolean {
  return pathname === '/chat' || pathname.startsWith('/chat/');
}

export type PublicPageRoute = (typeof PUBLIC_PAGE_ROUTES)[number];
export type PrivatePageRoute = (typeof PRIVATE_PAGE_ROUTES)[number];
export type PageRoute = PublicPageRoute | PrivatePageRoute;

export const CLIENT_ROUTES: readonly string[] = [
  ...PUBLIC_PAGE_ROUTES,
  ...PRIVATE_PAGE_ROUTES,
  ...VISITOR_CHAT_ROUTES,
];

function segments(path: string): string[] {
  return path.split('/').filter((part) => part !== '');
}

/** True when `pathname` (no query) has the shape of `pattern`. */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const want = segments(pattern);
  const have = segments(pathname);
  if (want.length !== have.length) return false;
  return want.every((part, index) => (part.startsWith(':') ? true : part === have[index]));
}

/** True when the browser app has a page (or the visitor chat) for this path. */
export function isClientRoute(pathname: string): boolean {
  return CLIENT_ROUTES.some((pattern) => matchesRoute(pattern, pathname));
}

/** The page a signed-in user lands on after login when no `next` page was asked for. */
export const AFTER_LOGIN_PATH = '/my-cards';

/**
 * A `next` value that is safe to follow after login: a path on this site only (one leading
 * slash, no scheme, no `//host`, no backslash tricks, no control characters); else null.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2000) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(next)) return null;
  try {
    const resolved = new URL(next, 'http://same.invalid');
    if (resolved.origin !== 'http://same.invalid') return null;
    // Back to the login screen itself would loop.
    if (resolved.pathname === '/login' || resolved.pathname === '/register') return null;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return null;
  }
}

/** /login?next=<where the user was>, for a signed-out visit to a private page. */
export function loginPathFor(next: string): string {
  const safe = safeNextPath(next);
  return safe ? `/login?next=${encodeURIComponent(safe)}` : '/login';
}
