import type { QueryClient } from '@tanstack/react-query';
import type { TOnboarding } from '#shared/onboarding.ts';
import { apiRequest } from '#web/lib/api.ts';

export const ONBOARDING_KEY = ['/api/onboarding'] as const;

export function fetchOnboarding(): Promise<TOnboarding> {
  return apiRequest<TOnboarding>('GET', ONBOARDING_KEY[0]);
}

/**
 * The guide opens by itself after a login until its welcome is answered (start guide, later,
 * or closed) or every step is done; after that it is "done" in the menus.
 */
export function guideIsDue(guide: TOnboarding): boolean {
  return !guide.welcomeSeen && guide.completedCount < guide.totalSteps;
}

/** Where a login leads when it names no page of its own: the guide while it is due. */
export async function landingAfterLogin(queryClient: QueryClient, fallback: string) {
  try {
    const guide = await queryClient.fetchQuery({
      queryKey: ONBOARDING_KEY,
      queryFn: fetchOnboarding,
      staleTime: 0,
    });
    return guideIsDue(guide) ? '/onboarding' : fallback;
  } catch {
    // The guide could not be asked: the usual page, never a failed login.
    return fallback;
  }
}
