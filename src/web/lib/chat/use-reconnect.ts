import { useEffect, useRef } from 'react';

/**
 * Calls `onOnline` when the connection comes back and `onShown` when the tab is shown again
 * while online (the latest callbacks, without re-subscribing).
 */
export function useReconnect(onOnline: () => void, onShown: () => void): void {
  const callbacks = useRef({ onOnline, onShown });
  useEffect(() => {
    callbacks.current = { onOnline, onShown };
  });
  useEffect(() => {
    const online = () => callbacks.current.onOnline();
    const visible = () => {
      if (document.visibilityState === 'visible' && navigator.onLine) callbacks.current.onShown();
    };
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
    };
  }, []);
}
