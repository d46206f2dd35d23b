import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAudience,
  TCampaign,
  TCampaignCreate,
  TTemplate,
  TTemplateInput,
} from '#shared/campaigns.ts';
import { apiRequest } from '#web/lib/api.ts';

/* The push campaign screen's server state (TanStack Query keys under "push"). */

const TEMPLATES_KEY = ['push', 'templates'] as const;
const CAMPAIGNS_KEY = ['push', 'campaigns'] as const;

export function useTemplates() {
  return useQuery({
    queryKey: TEMPLATES_KEY,
    queryFn: () =>
      apiRequest<{ templates: TTemplate[] }>('GET', '/api/push/templates').then((r) => r.templates),
  });
}

export function useCampaigns() {
  return useQuery({
    queryKey: CAMPAIGNS_KEY,
    queryFn: () =>
      apiRequest<{ campaigns: TCampaign[] }>('GET', '/api/push/campaigns').then((r) => r.campaigns),
  });
}

export function useAudienceCount(businessCardId: number | null, targetAudience: TAudience) {
  return useQuery({
    queryKey: ['push', 'audience', businessCardId, targetAudience],
    enabled: businessCardId !== null,
    queryFn: () =>
      apiRequest<{ count: number }>(
        'GET',
        `/api/push/audience?businessCardId=${businessCardId}&targetAudience=${targetAudience}`,
      ).then((r) => r.count),
  });
}

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TTemplateInput }) =>
      id === null
        ? apiRequest<TTemplate>('POST', '/api/push/templates', input)
        : apiRequest<TTemplate>('PUT', `/api/push/templates/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/push/templates/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['push'] }),
  });
}

/** Creates the campaign and, when asked, sends it at once. */
export function useCreateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, sendNow }: { input: TCampaignCreate; sendNow: boolean }) => {
      const created = await apiRequest<TCampaign>('POST', '/api/push/campaigns', input);
      return sendNow
        ? apiRequest<TCampaign>('POST', `/api/push/campaigns/${created.id}/send`)
        : created;
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['push'] }),
  });
}

export function useSendCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<TCampaign>('POST', `/api/push/campaigns/${id}/send`),
    onSettled: () => client.invalidateQueries({ queryKey: ['push'] }),
  });
}

export function useDeleteCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/push/campaigns/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: CAMPAIGNS_KEY }),
  });
}
