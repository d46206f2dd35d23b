import path from 'node:path';
import { phoneStartCommand, type TPublicOrigin } from '#shared/schemas/public-origin.ts';
import type { Config } from '#server/config.ts';

/*
 * What `npm start` prints once the server listens: where to open it here, where the QR codes
 * lead and whether phones get there (with the one line that fixes it), and where mails go.
 * For a person at a terminal, so plain words; the JSON log carries the same facts.
 */

const WILDCARD_HOSTS = new Set(['', '0.0.0.0', '::', '[::]']);
const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i;

/** The address a browser on this machine opens. */
export function localUrl(config: Pick<Config, 'host' | 'port'>): string {
  const host = config.host.trim();
  if (WILDCARD_HOSTS.has(host) || LOOPBACK_HOST.test(host))
    return `http://localhost:${config.port}`;
  const named = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${named}:${config.port}`;
}

/** SMTP_URL without its user name and password. */
function smtpServer(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return url.host || smtpUrl;
  } catch {
    return 'SMTP_URL';
  }
}

export function startBanner(
  config: Pick<Config, 'host' | 'port' | 'smtpUrl' | 'dataDir'>,
  reach: TPublicOrigin,
): string {
  const lines = ['DocuCard is ready.', `  Open it here:      ${localUrl(config)}`];
  lines.push(`  QR codes lead to:  ${reach.origin}`);
  const [lan, ...otherLan] = reach.lanOrigins;
  if (!reach.phonesCanReach) {
    lines.push(
      `  ! Phones cannot open ${reach.origin}: that name means the phone itself, so a buyer who`,
      '    scans the QR code finds nothing.',
    );
    if (lan) {
      lines.push('    For phones on the same Wi-Fi or network, stop and start again with:');
      lines.push(`      ${phoneStartCommand(lan)}`);
      if (otherLan.length > 0)
        lines.push(`    (this computer's other addresses: ${otherLan.join(', ')})`);
    } else {
      lines.push(
        "    This computer has no network address a phone could use: connect it to the booth's",
        '    Wi-Fi or network and start again, or set PUBLIC_URL to a public https address.',
      );
    }
  } else if (LOOPBACK_HOST.test(config.host.trim()) && listensOnlyHereFor(reach)) {
    lines.push(
      `  ! The server answers only this computer (HOST=${config.host}): add HOST=0.0.0.0 so`,
      `    phones reach ${reach.origin}.`,
    );
  }
  lines.push(
    config.smtpUrl
      ? `  Mails:             sent through ${smtpServer(config.smtpUrl)}`
      : `  Mails:             not sent (no SMTP_URL): written to ${path.join(config.dataDir, 'mail')};`,
  );
  if (!config.smtpUrl) lines.push('                     each link in them is printed below.');
  return `${lines.join('\n')}\n`;
}

/** PUBLIC_URL is one of this machine's own network addresses (no proxy can be in between). */
function listensOnlyHereFor(reach: TPublicOrigin): boolean {
  return reach.lanOrigins.includes(reach.origin);
}
