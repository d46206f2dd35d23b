import { z } from 'zod';

/*
 * Where the QR codes lead (GET /api/public-origin, the card page, the start banner): the public
 * origin the server puts in QR codes, links and mails, whether a buyer's phone can open it at
 * all, and the machine's own network addresses a phone on the same network could use instead.
 */

/** The port the server listens on when PORT is unset. */
export const DEFAULT_PORT = 5000;

export const ZPublicOrigin = z.object({
  /** PUBLIC_URL, or http://localhost:<port> when it is unset. */
  origin: z.string(),
  /** False when the origin names this machine itself (localhost, 127.0.0.0/8, ::1). */
  phonesCanReach: z.boolean(),
  /** http://<address>:<port> for each non-internal IPv4 address of the machine. */
  lanOrigins: z.array(z.string()),
});
export type TPublicOrigin = z.infer<typeof ZPublicOrigin>;

/** Host names that mean "this machine" (or no machine) to whoever opens them. */
function isSelfHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || host === '0.0.0.0') return true;
  // IPv6 as the URL parser writes it: loopback, unspecified, and IPv4-mapped 127.x.
  return (
    host === '[::1]' || host === '[::]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host)
  );
}

/**
 * Whether a phone that scans a QR code with this origin could reach the server: not when the
 * origin names the phone itself (a loopback address or localhost).
 */
export function phonesCanReach(origin: string): boolean {
  try {
    return !isSelfHost(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/**
 * The one line that starts the server for phones on the booth's network: listening on every
 * interface, with that address in the QR codes (and the port, when it is not the default).
 */
export function phoneStartCommand(lanOrigin: string): string {
  const url = new URL(lanOrigin);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const portPart = port === DEFAULT_PORT ? '' : `PORT=${port} `;
  return `${portPart}HOST=0.0.0.0 PUBLIC_URL=${url.origin} npm start`;
}
