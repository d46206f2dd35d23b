import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import {
  RED_LIST_CATEGORIES,
  type TRedListCreate,
  type TRedListKeyword,
} from '#shared/schemas/chat.ts';
import { apiRequest, isApiError } from '#web/lib/api.ts';

/* The owner's red list of one card (table red_list_keywords). */

export const redListPath = (cardId: number) => `/api/business-cards/${cardId}/red-list`;
export const redListKey = (cardId: number) => [redListPath(cardId)] as const;

export function useRedList(cardId: number): UseQueryResult<TRedListKeyword[]> {
  return useQuery({
    queryKey: redListKey(cardId),
    queryFn: ({ signal }) =>
      apiRequest<TRedListKeyword[]>('GET', redListPath(cardId), undefined, { signal }),
    staleTime: 0,
    retry: (failureCount, error) =>
      !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
  });
}

export function createKeyword(cardId: number, input: TRedListCreate): Promise<TRedListKeyword> {
  return apiRequest<TRedListKeyword>('POST', redListPath(cardId), input);
}

/**
 * PUT the keyword with every field, changes applied. The update schema is the create schema
 * made partial, and its defaults (category custom, isActive true) would otherwise overwrite
 * the fields a partial body leaves out.
 */
export function updateKeyword(
  keyword: TRedListKeyword,
  changes: Partial<TRedListCreate>,
): Promise<TRedListKeyword> {
  const category = (RED_LIST_CATEGORIES as readonly string[]).includes(keyword.category)
    ? (keyword.category as TRedListCreate['category'])
    : undefined;
  const body: TRedListCreate = {
    keyword: keyword.keyword,
    description: keyword.description ?? undefined,
    category,
    isActive: keyword.isActive,
    ...changes,
  };
  return apiRequest<TRedListKeyword>('PUT', `/api/red-list/${keyword.id}`, body);
}

export function deleteKeyword(keywordId: number): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('DELETE', `/api/red-list/${keywordId}`);
}

/** The server's order: by keyword. */
export function sortKeywords(list: TRedListKeyword[]): TRedListKeyword[] {
  return [...list].sort((a, b) => a.keyword.localeCompare(b.keyword));
}
