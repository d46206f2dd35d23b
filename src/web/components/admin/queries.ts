import type { QueryClient } from '@tanstack/react-query';

/** Every admin list and figure: refreshed together after a change. */
export const ADMIN_KEY = ['admin'] as const;
export const adminUsersKey = (query: string, page: number) =>
  [...ADMIN_KEY, 'users', query, page] as const;
export const ADMIN_STATS_KEY = [...ADMIN_KEY, 'stats'] as const;
export const ADMIN_FAIRS_KEY = [...ADMIN_KEY, 'trade-fairs'] as const;
export const adminAuditKey = (page: number) => [...ADMIN_KEY, 'audit', page] as const;

export function refreshAdminData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
}
