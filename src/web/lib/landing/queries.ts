import { useQuery } from '@tanstack/react-query';
// Types only from the schemas: their zod stays out of the landing page's scripts.
import { PUBLIC_ANALYTICS_CACHE_MS } from '#shared/limits.ts';
import type { TPublicAnalytics, TTradeFair } from '#shared/schemas/public.ts';
import type { TLandingContentResponse } from '#shared/landing.ts';
import { apiRequest } from '../api.ts';
import { earlyData } from '../early-requests.ts';

/*
 * The landing page's reads leave with its entry script (lib/early-requests.ts): an answer
 * already here is the query's first data.
 */

/** The landing figures; the server caches them 5 minutes, so does the page. */
export function usePublicAnalytics() {
  return useQuery({
    queryKey: ['/api/analytics/public'],
    queryFn: () => apiRequest<TPublicAnalytics>('GET', '/api/analytics/public'),
    initialData: () => earlyData<TPublicAnalytics>('/api/analytics/public'),
    staleTime: PUBLIC_ANALYTICS_CACHE_MS,
  });
}

export function useTradeFairs() {
  return useQuery({
    queryKey: ['/api/trade-fairs'],
    queryFn: () => apiRequest<TTradeFair[]>('GET', '/api/trade-fairs'),
    initialData: () => earlyData<TTradeFair[]>('/api/trade-fairs'),
    staleTime: 60 * 60 * 1000,
  });
}

export const LANDING_CONTENT_KEY = ['/api/landing-content'] as const;

/** The promises, testimonials and closing text the admin edits (or the server's defaults). */
export function useLandingContent() {
  return useQuery({
    queryKey: LANDING_CONTENT_KEY,
    queryFn: () => apiRequest<TLandingContentResponse>('GET', '/api/landing-content'),
    initialData: () => earlyData<TLandingContentResponse>('/api/landing-content'),
    staleTime: 60 * 1000,
  });
}
