import { useEffect, useState } from 'react';

/**
 * Reads a mailed link's token once and removes it from the address bar, so it stays out of
 * the history, bookmarks and any Referer.
 */
export function useLinkToken(): string {
  const [token] = useState(
    () => new URLSearchParams(window.location.search).get('token')?.trim() ?? '',
  );
  useEffect(() => {
    if (token) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [token]);
  return token;
}
