import { useQuery } from '@tanstack/react-query';
import type { Language } from '#shared/limits.ts';
import type {
  TLeadList,
  TPipelineAnalytics,
  TPipelineSettings,
  TTask,
  TWebhook,
} from '#shared/schemas/pipeline.ts';
import { apiRequest } from '#web/lib/api.ts';

/* The pipeline page's server state (TanStack Query keys under "pipeline"). */

export interface LeadFilters {
  stage: string;
  priority: string;
  offset: number;
}

export const PAGE_SIZE = 20;

export function filterQuery(
  filters: Pick<LeadFilters, 'stage' | 'priority'> & { lang?: Language },
): string {
  const params = new URLSearchParams();
  if (filters.stage) params.set('stage', filters.stage);
  if (filters.priority) params.set('priority', filters.priority);
  if (filters.lang) params.set('lang', filters.lang);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function useLeads(filters: LeadFilters) {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(filters.offset) });
  if (filters.stage) params.set('stage', filters.stage);
  if (filters.priority) params.set('priority', filters.priority);
  return useQuery({
    queryKey: ['pipeline', 'leads', filters],
    queryFn: () => apiRequest<TLeadList>('GET', `/api/sales-pipeline/leads?${params}`),
  });
}

export function useTasks() {
  return useQuery({
    queryKey: ['pipeline', 'tasks'],
    queryFn: () => apiRequest<TTask[]>('GET', '/api/sales-pipeline/tasks'),
  });
}

export function usePipelineAnalytics() {
  return useQuery({
    queryKey: ['pipeline', 'analytics'],
    queryFn: () => apiRequest<TPipelineAnalytics>('GET', '/api/sales-pipeline/analytics'),
  });
}

export function usePipelineSettings() {
  return useQuery({
    queryKey: ['pipeline', 'settings'],
    queryFn: () => apiRequest<TPipelineSettings>('GET', '/api/sales-pipeline/settings'),
  });
}

export function useWebhook() {
  return useQuery({
    queryKey: ['pipeline', 'webhook'],
    queryFn: () => apiRequest<TWebhook>('GET', '/api/integrations/webhook'),
  });
}
