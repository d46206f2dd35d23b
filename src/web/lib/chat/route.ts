/*
 * The visitor chat's routes: /chat/card/{businessCardId} and /chat/{id}, ids
 * in digits only. Anything else under /chat gets the short not-found. Which paths are the
 * chat's at all (isVisitorChatPath) is in the shared route table: the server picks the page.
 */

export type ChatRoute = { kind: 'chat'; cardId: number } | { kind: 'notFound' };

function isId(value: string | undefined): value is string {
  return value !== undefined && /^\d{1,15}$/.test(value) && Number(value) > 0;
}

export function parseChatPath(pathname: string): ChatRoute {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
  // ['chat', 'card', id] or ['chat', id]
  const id =
    parts[1] === 'card' && parts.length === 3
      ? parts[2]
      : parts.length === 2
        ? parts[1]
        : undefined;
  return isId(id) ? { kind: 'chat', cardId: Number(id) } : { kind: 'notFound' };
}
