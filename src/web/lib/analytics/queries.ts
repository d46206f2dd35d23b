import { useQuery } from '@tanstack/react-query';
import {
  OWNER_ANALYTICS_CACHE_MS,
  type TAnalyticsDashboard,
  type TAnalyticsDays,
  type TTrafficAnalytics,
  type TVisitorAnalytics,
} from '#shared/schemas/analytics.ts';
import { apiRequest } from '../api.ts';

/*
 * The owner's analytics. The server keeps each answer up to five minutes (less when the owner's
 * data changes); the page refetches every minute while open so a busy booth sees new visitors.
 */
const REFRESH_MS = 60_000;

function useOwnerAnalytics<T>(path: string, days: TAnalyticsDays) {
  return useQuery({
    queryKey: [path, days],
    queryFn: () => apiRequest<T>('GET', `${path}?days=${days}`),
    staleTime: Math.min(REFRESH_MS, OWNER_ANALYTICS_CACHE_MS),
    refetchInterval: REFRESH_MS,
  });
}

export const useAnalyticsDashboard = (days: TAnalyticsDays = 7) =>
  useOwnerAnalytics<TAnalyticsDashboard>('/api/analytics/dashboard', days);

export const useVisitorAnalytics = (days: TAnalyticsDays) =>
  useOwnerAnalytics<TVisitorAnalytics>('/api/analytics/visitors', days);

export const useTrafficAnalytics = (days: TAnalyticsDays) =>
  useOwnerAnalytics<TTrafficAnalytics>('/api/analytics/traffic', days);
