import os from 'node:os';
import { phonesCanReach, type TPublicOrigin } from '#shared/schemas/public-origin.ts';
import type { Config } from '#server/config.ts';

type Interfaces = ReturnType<typeof os.networkInterfaces>;

/** http://<address>:<port> for each non-internal IPv4 address of the machine, once each. */
export function lanOrigins(
  port: number,
  interfaces: Interfaces = os.networkInterfaces(),
): string[] {
  const origins = new Set<string>();
  for (const addresses of Object.values(interfaces)) {
    for (const address of addresses ?? []) {
      // Node 18.0-18.3 said 4 instead of 'IPv4'.
      const ipv4 = address.family === 'IPv4' || (address.family as unknown) === 4;
      if (ipv4 && !address.internal) origins.add(`http://${address.address}:${port}`);
    }
  }
  return [...origins];
}

/** Where the QR codes lead, whether phones get there, and the addresses they could use. */
export function publicOriginInfo(
  config: Pick<Config, 'publicUrl' | 'port'>,
  interfaces?: Interfaces,
): TPublicOrigin {
  // What the QR codes really start with (PUBLIC_URL without a trailing slash).
  const origin = config.publicUrl;
  return {
    origin,
    phonesCanReach: phonesCanReach(origin),
    lanOrigins: lanOrigins(config.port, interfaces),
  };
}
