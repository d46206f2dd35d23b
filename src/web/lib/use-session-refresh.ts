import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { APP_REFRESH_INTERVAL_MS } from '#shared/limits.ts';
import { CURRENT_USER_KEY } from './session.ts';

/**
 * An app-wide refresh every 5 minutes and when the tab becomes visible: the session is
 * re-checked then. Caches and localStorage are not wiped on that timer: that would throw away
 * unsaved work.
 */
export function useSessionRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    const onVisibility = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    const timer = setInterval(refresh, APP_REFRESH_INTERVAL_MS);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [queryClient]);
}
