import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { ZPublicOrigin, type TPublicOrigin } from '#shared/schemas/public-origin.ts';
import { apiRequest, isApiError } from './api.ts';

export const PUBLIC_ORIGIN_PATH = '/api/public-origin';
export const PUBLIC_ORIGIN_KEY = [PUBLIC_ORIGIN_PATH] as const;

/**
 * Where the server's QR codes lead and whether a phone can get there (signed-in owners only).
 * The answer changes only when the server is started again, so it is asked once a minute at most.
 */
export function usePublicOrigin(): UseQueryResult<TPublicOrigin> {
  return useQuery({
    queryKey: PUBLIC_ORIGIN_KEY,
    queryFn: async ({ signal }) =>
      ZPublicOrigin.parse(await apiRequest('GET', PUBLIC_ORIGIN_PATH, undefined, { signal })),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    retry: (failures, error) => !(isApiError(error) && error.status < 500) && failures < 2,
  });
}
