import { useEffect, useRef } from 'react';

/*
 * A full-screen viewer on a phone is a place: the back button (or gesture) must leave it, not
 * the chat. While the viewer is open the history has one entry of its own; back pops it and
 * closes the viewer, and closing it otherwise (Escape, the close button) pops it too.
 */

const ENTRY = 'docucardViewer';
/** Viewers mounted now (React's development mode mounts an effect twice). */
let mounted = 0;

const ownsEntry = () =>
  typeof history.state === 'object' && history.state !== null && ENTRY in history.state;

export function useCloseOnBack(onClose: () => void): void {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    mounted += 1;
    if (!ownsEntry()) history.pushState({ ...(history.state as object | null), [ENTRY]: true }, '');
    const onPopState = () => {
      if (!ownsEntry()) close.current();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      mounted -= 1;
      window.removeEventListener('popstate', onPopState);
      // Later, so that a development-mode remount keeps the entry.
      setTimeout(() => {
        if (mounted === 0 && ownsEntry()) history.back();
      }, 0);
    };
  }, []);
}
