import { useEffect, useState } from 'react';
import type { TakeoverEvent } from '#web/lib/chat/api.ts';

const NO_TAKEOVER: TakeoverEvent = { active: false, expiresAt: null };

/**
 * Whether a person from the booth answers instead of the assistant. A takeover ends by itself
 * when the staff stays silent; the page follows without asking.
 */
export function useTakeover() {
  const [takeover, setTakeover] = useState<TakeoverEvent>(NO_TAKEOVER);
  useEffect(() => {
    if (!takeover.active || !takeover.expiresAt) return;
    const wait = Date.parse(takeover.expiresAt) - Date.now();
    const timer = setTimeout(
      () => setTakeover(NO_TAKEOVER),
      Math.max(0, Math.min(wait, 2 ** 31 - 1)),
    );
    return () => clearTimeout(timer);
  }, [takeover]);
  return [takeover, setTakeover] as const;
}
