import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TPublicUser, TUserResponse } from '#shared/schemas/auth.ts';
import { runtimeTimeZone } from '#shared/time-zone.ts';
import { apiRequest } from './api.ts';
import { setCurrentUser } from './session.ts';

/*
 * An owner who never chose a time zone gets the browser's, stored on the account (exports show
 * times in it). Sent once per page load and account.
 */

const sentFor = new Set<number>();

export function useRememberTimeZone(user: TPublicUser | null | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!user || user.timeZone || sentFor.has(user.id)) return;
    const timeZone = runtimeTimeZone();
    if (!timeZone) return;
    sentFor.add(user.id);
    apiRequest<TUserResponse>('PUT', '/api/auth/time-zone', { timeZone })
      .then((response) => setCurrentUser(queryClient, response.user))
      // Not stored this time: the next page load tries again.
      .catch(() => sentFor.delete(user.id));
  }, [user, queryClient]);
}

/** Every zone the browser knows, for the profile's list. */
export function knownTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? [];
}
