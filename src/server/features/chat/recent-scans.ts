import type { FastifyRequest } from 'fastify';
import { SCAN_QUIET_MS } from '#server/features/notifications/service.ts';
import { proxyCountry } from '#server/lib/visitor-traits.ts';
import type { VisitContext } from '#server/lib/visitor-sessions.ts';

/*
 * A visitor who opens the chat again within the quiet window (a reload, the QR scanned twice)
 * with the same signals (language, time zone, Accept-Language, the proxy's country) as their
 * last scan here changes nothing: their session exists, nothing about them is new, and the scan
 * is the same visit (notifications: SCAN_QUIET_MS). This instance remembers such visitors by
 * their stored session key, so that scan reads and writes no database at all.
 *
 * Anything the chat writes for the visitor forgets them (a message may change the language it
 * remembers). What another instance or a push campaign changes meanwhile is not seen here: at
 * worst, for the rest of the window, the session keeps the language or time zone it was given
 * there rather than this scan's, as if this scan had come first. Counts and notifications are
 * never affected: the window is the one the database enforces, measured from an earlier time.
 */

/** Visitors remembered on this instance; the longest remembered are dropped first. */
const MAX_VISITORS = 20_000;

interface Seen {
  signals: string;
  /** Until then a scan with the same signals is the same visit. */
  quietUntil: number;
}

/** What decides what a scan remembers of the visitor (see openVisitorSession). */
function signalsOf(request: FastifyRequest, visit: VisitContext): string {
  return [
    visit.language ?? '',
    visit.timeZone ?? '',
    request.headers['accept-language'] ?? '',
    proxyCountry(request) ?? '',
  ].join('\n');
}

export function createRecentScans(max = MAX_VISITORS) {
  const seen = new Map<string, Seen>();
  return {
    /** True when this scan would change nothing (see above). */
    unchanged(sessionKey: string | null, request: FastifyRequest, visit: VisitContext, now: Date) {
      if (!sessionKey) return false;
      const last = seen.get(sessionKey);
      if (!last || now.getTime() >= last.quietUntil) return false;
      return last.signals === signalsOf(request, visit);
    },
    /**
     * The scan went through the database: `lastScanAt` is when the visit it belongs to began
     * (read before the scan was recorded, or earlier: never later than the database's).
     */
    remember(
      sessionKey: string,
      request: FastifyRequest,
      visit: VisitContext,
      lastScanAt: Date | null,
    ) {
      seen.delete(sessionKey);
      if (!lastScanAt) return;
      seen.set(sessionKey, {
        signals: signalsOf(request, visit),
        quietUntil: lastScanAt.getTime() + SCAN_QUIET_MS,
      });
      if (seen.size > max) seen.delete(seen.keys().next().value!);
    },
    forget(sessionKey: string) {
      seen.delete(sessionKey);
    },
  };
}
