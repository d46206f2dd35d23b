import { useQuery } from '@tanstack/react-query';
import {
  PUBLIC_ANALYTICS_CACHE_MS,
  type TPublicAnalytics,
  type TTradeFair,
} from '#shared/schemas/public.ts';
import { apiRequest } from '../api.ts';

/** The landing figures; the server caches them 5 minutes, so does the page. */
export function usePublicAnalytics() {
  return useQuery({
    queryKey: ['/api/analytics/public'],
    queryFn: () => apiRequest<TPublicAnalytics>('GET', '/api/analytics/public'),
    staleTime: PUBLIC_ANALYTICS_CACHE_MS,
  });
}

export function useTradeFairs() {
  return useQuery({
    queryKey: ['/api/trade-fairs'],
    queryFn: () => apiRequest<TTradeFair[]>('GET', '/api/trade-fairs'),
    staleTime: 60 * 60 * 1000,
  });
}
