import { useQuery } from '@tanstack/react-query';
import type { TAssistantStatus } from '#shared/schemas/cards.ts';
import { apiRequest, isApiError } from '../api.ts';
import { cardPath } from './queries.ts';

/** GET /api/business-cards/{id}/assistant (the red-list notice reads the same query). */
export const assistantStatusKey = (cardId: number) => [`${cardPath(cardId)}/assistant`] as const;

/** Who answers the card's visitors, and which models this server has keys for. */
export function useAssistantStatus(cardId: number) {
  return useQuery({
    queryKey: assistantStatusKey(cardId),
    queryFn: ({ signal }) =>
      apiRequest<TAssistantStatus>('GET', assistantStatusKey(cardId)[0], undefined, { signal }),
    staleTime: 60_000,
    retry: (failureCount, error) =>
      !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
  });
}
