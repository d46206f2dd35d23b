import {
  useQuery,
  type QueryClient,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { SESSION_EXPIRY_REDIRECT_MS } from '#shared/limits.ts';
import type { TBusinessCard, TDocument } from '#shared/schemas/cards.ts';
import { toast } from '#web/components/ui/use-toast.ts';
import { apiRequest, isApiError } from '../api.ts';
import { CURRENT_USER_KEY } from '../session.ts';

export const CARDS_PATH = '/api/business-cards';
export const CARDS_KEY = [CARDS_PATH] as const;

export const cardPath = (id: number | string) => `${CARDS_PATH}/${id}`;
export const cardKey = (id: number | string) => [cardPath(id)] as const;
export const cardDocumentsKey = (id: number | string) => [`${cardPath(id)}/documents`] as const;

/** Card queries retry 3 times 1 s apart, stale after 5 min, kept 10, no focus refetch. */
export const CARD_QUERY_OPTIONS = {
  retry: (failureCount: number, error: Error) =>
    // A missing or foreign card will not appear by asking again.
    !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 3,
  retryDelay: 1000,
  staleTime: 5 * 60 * 1000,
  gcTime: 10 * 60 * 1000,
  refetchOnWindowFocus: false,
} as const;

/** How often a page asks again while documents are being processed. */
export const PROCESSING_POLL_MS = 1000;

/** The owner's cards, newest first. A failure is logged and shows as an empty list. */
export function useCards(): UseQueryResult<TBusinessCard[]> {
  return useQuery({
    queryKey: CARDS_KEY,
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<TBusinessCard[]>('GET', CARDS_PATH, undefined, { signal });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        console.warn('[DocuCard] the card list could not be loaded', error);
        throw error;
      }
    },
    ...CARD_QUERY_OPTIONS,
  });
}

export function useCard(
  id: number | null,
  options: Pick<UseQueryOptions<TBusinessCard>, 'refetchInterval'> = {},
): UseQueryResult<TBusinessCard> {
  return useQuery({
    queryKey: cardKey(id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<TBusinessCard>('GET', cardPath(id ?? 0), undefined, { signal }),
    enabled: id !== null,
    ...CARD_QUERY_OPTIONS,
    // The wizard pages follow processing: what they show must be current.
    staleTime: 0,
    ...options,
  });
}

export function isDocumentBusy(document: Pick<TDocument, 'status'>): boolean {
  return document.status === 'pending' || document.status === 'processing';
}

/** The card's documents; polled every second while any of them is still being processed. */
export function useCardDocuments(id: number | null): UseQueryResult<TDocument[]> {
  return useQuery({
    queryKey: cardDocumentsKey(id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<TDocument[]>('GET', `${cardPath(id ?? 0)}/documents`, undefined, { signal }),
    enabled: id !== null,
    ...CARD_QUERY_OPTIONS,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data?.some(isDocumentBusy) ? PROCESSING_POLL_MS : false,
  });
}

/** After a logo or card change: the session user, the profile and every card query. */
export async function invalidateCardQueries(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({
    predicate: (query) => {
      const [first] = query.queryKey;
      return (
        typeof first === 'string' &&
        (first === CURRENT_USER_KEY[0] ||
          first.startsWith('/api/users') ||
          first.startsWith(CARDS_PATH))
      );
    },
  });
}

/**
 * A 401 in the wizard gives the destructive 认证失败，请重新登录 toast and goes
 * to /login 1.5 s later. Returns true when it handled the error.
 */
export function useAuthExpiredHandler(): (error: unknown) => boolean {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error) || error.status !== 401) return false;
      toast({
        title: t('wizard.authFailedTitle'),
        description: t('wizard.authFailedText'),
        variant: 'destructive',
      });
      if (!timer.current) {
        timer.current = setTimeout(() => navigate('/login'), SESSION_EXPIRY_REDIRECT_MS);
      }
      return true;
    },
    [navigate, t],
  );
}
