import { useEffect, useState } from 'react';

/*
 * Code the visitor chat fetches only when a buyer reaches for it (the lead sheet, the answers'
 * sources, the viewer, …), so that opening a card's chat page transfers as little as possible
 * (scripts/chat-bundle-size.mjs). Not React.lazy: a chunk that cannot be fetched (the fair's
 * network dropped) must leave the chat working and let the next attempt try again, where a
 * failed lazy() throws into the page and stays failed.
 */

export interface DeferredModule<T> {
  /** Fetches the module once; a failed fetch is tried again on the next call. */
  load(): Promise<T>;
  /** Starts fetching (a tap is likely to follow); a failure waits for the real need. */
  preload(): void;
  /** The module when it has arrived, else null. */
  loaded(): T | null;
}

export function deferredModule<T>(importer: () => Promise<T>): DeferredModule<T> {
  let module: T | null = null;
  let loading: Promise<T> | null = null;
  const load = () =>
    (loading ??= importer().then(
      (value) => (module = value),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  return {
    load,
    preload() {
      load().catch(() => {
        // Tried again when it is needed.
      });
    },
    loaded: () => module,
  };
}

/**
 * The module once `needed` has been true and it has arrived (it stays afterwards), else null.
 * `onFail` runs when the fetch fails, e.g. to close what asked for it.
 */
export function useDeferredModule<T>(
  deferred: DeferredModule<T>,
  needed: boolean,
  onFail?: () => void,
): T | null {
  const [module, setModule] = useState<T | null>(() => deferred.loaded());
  useEffect(() => {
    if (!needed || module) return;
    let current = true;
    deferred.load().then(
      (value) => current && setModule(() => value),
      () => current && onFail?.(),
    );
    return () => {
      current = false;
    };
  }, [deferred, needed, module, onFail]);
  return module;
}
