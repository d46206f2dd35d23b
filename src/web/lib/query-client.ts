import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiRequest } from './api.ts';

/** Data is fresh for 60 s, refetched on window focus, never polled. */
export const DEFAULT_STALE_MS = 60_000;

/** The default query fetches the first element of the key as a path and parses the JSON. */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => {
  const [path] = queryKey;
  if (typeof path !== 'string') throw new Error('The first query key element must be a path');
  return apiRequest('GET', path, undefined, { signal });
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        staleTime: DEFAULT_STALE_MS,
        refetchOnWindowFocus: true,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The application's single cache. Tests build their own with createQueryClient(). */
export const queryClient = createQueryClient();
