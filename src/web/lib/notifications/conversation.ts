import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { TStoredChatMessage } from '#shared/schemas/chat.ts';
import { apiRequest, isApiError } from '../api.ts';

/* The owner's view of one visitor session: GET /api/visitor-sessions/{customerId}. */

export interface TConversationLead {
  name: string | null;
  company: string | null;
  email: string | null;
  phone: string | null;
}

export interface TTakeover {
  active: boolean;
  since: string | null;
  expiresAt: string | null;
}

export interface TConversation {
  id: number;
  businessCardId: number;
  source: string | null;
  language: string | null;
  takeover: TTakeover;
  createdAt: string;
  lastActivity: string;
  messages: TStoredChatMessage[];
  lead: TConversationLead | null;
}

export const conversationPath = (customerId: number) => `/api/visitor-sessions/${customerId}`;
export const conversationKey = (customerId: number) => [conversationPath(customerId)] as const;

export function useConversation(
  customerId: number,
  { enabled = true }: { enabled?: boolean } = {},
): UseQueryResult<TConversation> {
  return useQuery({
    queryKey: conversationKey(customerId),
    queryFn: ({ signal }) =>
      apiRequest<TConversation>('GET', conversationPath(customerId), undefined, { signal }),
    enabled,
    staleTime: 0,
    // Another owner's visitor (404) will not appear by asking again.
    retry: (failureCount, error) =>
      !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
  });
}

export function replyToVisitor(customerId: number, message: string): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('POST', `${conversationPath(customerId)}/reply`, { message });
}

/** A person from the booth answers instead of the assistant (true), or hands back (false). */
export function setTakeover(
  customerId: number,
  active: boolean,
): Promise<{ id: number; takeover: TTakeover }> {
  return apiRequest('PUT', `${conversationPath(customerId)}/takeover`, { active });
}

/** A photo the visitor sent, served to the owner only. */
export function photoUrl(customerId: number, photoId: string): string {
  return `${conversationPath(customerId)}/photos/${encodeURIComponent(photoId)}`;
}
