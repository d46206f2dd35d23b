import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import {
  CURRENT_USER_GC_MS,
  CURRENT_USER_STALE_MS,
  LANGUAGE_STORAGE_KEY,
  SESSION_COOKIE,
} from '#shared/limits.ts';
import type { TPublicUser, TUserResponse } from '#shared/schemas/auth.ts';
import { toast } from '../components/ui/use-toast.ts';
import { apiRequest, errorText, isApiError } from './api.ts';
import { earlyAnswer } from './early-requests.ts';

export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

/** Cookie names earlier versions of the product used; all are expired on logout. */
export const SESSION_COOKIE_NAMES = ['sessionToken', SESSION_COOKIE, 'connect.sid', 'sid'] as const;

type CurrentUserAnswer = TUserResponse | { user: null };

/** A 4xx answer to the user check (401 above all) means signed out. */
function meansSignedOut(status: number): boolean {
  return status >= 400 && status < 500;
}

/** The user the entry script's early read found (null: signed out), when its answer is here. */
function earlyCurrentUser(): TPublicUser | null | undefined {
  return earlyAnswer(CURRENT_USER_KEY[0], ({ ok, status, body }) => {
    if (ok) return (body as CurrentUserAnswer | undefined)?.user ?? null;
    return meansSignedOut(status) ? null : undefined;
  });
}

/**
 * The signed-in user, or null when signed out. A 4xx answer (401 above all) means signed out;
 * a network or server failure throws, so a refetch that fails keeps the last known user
 * instead of throwing a working session away.
 */
export async function fetchCurrentUser(): Promise<TPublicUser | null> {
  try {
    const response = await apiRequest<CurrentUserAnswer>('GET', CURRENT_USER_KEY[0], undefined, {
      noCache: true,
    });
    // A 200 with `user: null` also means signed out (keeps the browser console free of a 401).
    return response?.user ?? null;
  } catch (error) {
    if (isApiError(error) && meansSignedOut(error.status)) return null;
    throw error;
  }
}

export interface CurrentUserState {
  user: TPublicUser | null;
  /** True until the first answer (or failure) arrives. */
  isLoading: boolean;
  /** The check failed for another reason than "signed out" and no user is known. */
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/** Stale after 5 minutes, kept 10, refetched on focus and mount. */
export function useCurrentUser(): CurrentUserState {
  const query = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: fetchCurrentUser,
    initialData: earlyCurrentUser,
    staleTime: CURRENT_USER_STALE_MS,
    gcTime: CURRENT_USER_GC_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
  });
  return {
    user: query.data ?? null,
    isLoading: query.isPending,
    isError: query.isError && query.data === undefined,
    isFetching: query.isFetching,
    refetch: query.refetch,
  };
}

export function setCurrentUser(queryClient: QueryClient, user: TPublicUser | null): void {
  queryClient.setQueryData(CURRENT_USER_KEY, user);
}

/** Empties localStorage and sessionStorage but keeps the language choice. */
export function clearStorageKeepingLanguage(): void {
  try {
    const language = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    localStorage.clear();
    if (language !== null) localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage unavailable: nothing to clear.
  }
  try {
    sessionStorage.clear();
  } catch {
    // Same as above.
  }
}

/**
 * Expires every session cookie the script can reach. The real session cookie is httpOnly and
 * the server clears it; this only removes leftovers readable from the page.
 */
export function expireSessionCookies(): void {
  const expired = 'Thu, 01 Jan 1970 00:00:00 GMT';
  for (const name of SESSION_COOKIE_NAMES) {
    document.cookie = `${name}=; expires=${expired}; path=/`;
    document.cookie = `${name}=; expires=${expired}; path=/; domain=${location.hostname}`;
  }
}

/** The app-wide clearing helper: caches, storage (keeping selectedLanguage) and cookies. */
export function clearClientState(queryClient: QueryClient): void {
  void queryClient.cancelQueries();
  queryClient.clear();
  // The session is gone: say so at once rather than asking the server again.
  setCurrentUser(queryClient, null);
  clearStorageKeepingLanguage();
  expireSessionCookies();
}

/** POST /api/logout, then clear everything and go to /login. */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => apiRequest<{ ok: true }>('POST', '/api/logout'),
    onSuccess: () => {
      // Leave the current page first so a protected page never sees the signed-out state.
      navigate('/login');
      clearClientState(queryClient);
      toast({ title: t('logout.successTitle'), variant: 'success' });
    },
    onError: (error) => {
      toast({
        title: t('logout.failedTitle'),
        description: errorText(error, t('general.tryAgain')),
        variant: 'destructive',
      });
    },
  });
}

/** DELETE /api/auth/account, then clear everything and go home. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => apiRequest<{ ok: true }>('DELETE', '/api/auth/account'),
    onSuccess: () => {
      navigate('/');
      clearClientState(queryClient);
      toast({ title: t('account.deletedTitle'), description: t('account.deletedText') });
    },
    onError: (error) => {
      toast({
        title: t('account.deleteFailedTitle'),
        description: errorText(error, t('account.deleteFailedText')),
        variant: 'destructive',
      });
    },
  });
}
