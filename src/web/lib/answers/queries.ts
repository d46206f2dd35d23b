import {
  useInfiniteQuery,
  useQuery,
  type QueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import {
  DEFAULT_UNANSWERED_PAGE,
  type TAnswerAnalytics,
  type TAnswerAnalyticsDaily,
  type TOwnerAnswer,
  type TOwnerAnswerCreate,
  type TOwnerAnswerUpdate,
  type TUnansweredCounts,
  type TUnansweredList,
} from '#shared/schemas/answers.ts';
import { apiRequest, isApiError } from '../api.ts';

/*
 * Questions to answer, the owner's side: the list of open groups, the count badges,
 * the exhibitor's answers and the figures. The list is read again every minute while open (a
 * busy booth), and after every answer saved or removed.
 */

const REFRESH_MS = 60_000;

const noRetryOn4xx = (failureCount: number, error: Error) =>
  !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2;

export const unansweredKey = (cardId: number) => ['unanswered', cardId] as const;
export const answersKey = (cardId: number) => ['owner-answers', cardId] as const;
export const UNANSWERED_COUNTS_KEY = ['unanswered-counts'] as const;

/** The open groups of a card, newest activity first, a page at a time ("show more"). */
export function useUnanswered(cardId: number) {
  return useInfiniteQuery({
    queryKey: unansweredKey(cardId),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<TUnansweredList>(
        'GET',
        `/api/business-cards/${cardId}/unanswered?limit=${DEFAULT_UNANSWERED_PAGE}&offset=${pageParam}`,
        undefined,
        { signal },
      ),
    getNextPageParam: (last) =>
      last.offset + last.groups.length < last.total ? last.offset + last.limit : undefined,
    refetchInterval: REFRESH_MS,
    retry: noRetryOn4xx,
  });
}

/** Open groups per card of the owner: the badges on the card page and the dashboard. */
export function useUnansweredCounts(): UseQueryResult<TUnansweredCounts> {
  return useQuery({
    queryKey: UNANSWERED_COUNTS_KEY,
    queryFn: ({ signal }) =>
      apiRequest<TUnansweredCounts>('GET', '/api/unanswered-counts', undefined, { signal }),
    refetchInterval: REFRESH_MS,
    staleTime: 30_000,
    retry: noRetryOn4xx,
  });
}

export function useOwnerAnswers(cardId: number): UseQueryResult<TOwnerAnswer[]> {
  return useQuery({
    queryKey: answersKey(cardId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ answers: TOwnerAnswer[] }>(
          'GET',
          `/api/business-cards/${cardId}/answers`,
          undefined,
          { signal },
        )
      ).answers,
    retry: noRetryOn4xx,
  });
}

export function createAnswer(cardId: number, input: TOwnerAnswerCreate): Promise<TOwnerAnswer> {
  return apiRequest<TOwnerAnswer>('POST', `/api/business-cards/${cardId}/answers`, input);
}

export function updateAnswer(
  cardId: number,
  answerId: number,
  input: TOwnerAnswerUpdate,
): Promise<TOwnerAnswer> {
  return apiRequest<TOwnerAnswer>(
    'PUT',
    `/api/business-cards/${cardId}/answers/${answerId}`,
    input,
  );
}

export function deleteAnswer(cardId: number, answerId: number): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('DELETE', `/api/business-cards/${cardId}/answers/${answerId}`);
}

/** After an answer changed: the list, the badges, the answers and the figures again. */
export async function refreshAnswerQueries(
  queryClient: QueryClient,
  cardId: number,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: unansweredKey(cardId) }),
    queryClient.invalidateQueries({ queryKey: answersKey(cardId) }),
    queryClient.invalidateQueries({ queryKey: UNANSWERED_COUNTS_KEY }),
    queryClient.invalidateQueries({ queryKey: ['answer-analytics'] }),
  ]);
}

function analyticsQuery(cardId: number | null, days: number): string {
  const query = new URLSearchParams({ days: String(days) });
  if (cardId !== null) query.set('businessCardId', String(cardId));
  return query.toString();
}

/** Asked, answered, declined, 👍, 👎, from the answers: one card or all (null). */
export function useAnswerAnalytics(
  cardId: number | null,
  days: number,
): UseQueryResult<TAnswerAnalytics> {
  return useQuery({
    queryKey: ['answer-analytics', 'totals', cardId, days],
    queryFn: ({ signal }) =>
      apiRequest<TAnswerAnalytics>(
        'GET',
        `/api/analytics/answers?${analyticsQuery(cardId, days)}`,
        undefined,
        { signal },
      ),
    refetchInterval: REFRESH_MS,
    retry: noRetryOn4xx,
  });
}

export function useAnswerAnalyticsDaily(
  cardId: number | null,
  days: number,
): UseQueryResult<TAnswerAnalyticsDaily> {
  return useQuery({
    queryKey: ['answer-analytics', 'daily', cardId, days],
    queryFn: ({ signal }) =>
      apiRequest<TAnswerAnalyticsDaily>(
        'GET',
        `/api/analytics/answers/daily?${analyticsQuery(cardId, days)}`,
        undefined,
        { signal },
      ),
    refetchInterval: REFRESH_MS,
    retry: noRetryOn4xx,
  });
}
