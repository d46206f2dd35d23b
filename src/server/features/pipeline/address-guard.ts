import dns from 'node:dns';
import net from 'node:net';

/*
 * Which addresses an outgoing webhook may reach: not private, loopback, link-local,
 * carrier-grade NAT, multicast or reserved ranges (IPv4 and IPv6, IPv4-mapped included),
 * unless the operator allows them (WEBHOOK_ALLOW_PRIVATE, for a CRM on their own network).
 * Every address a host name resolves to is checked, and the connection uses the checked
 * addresses only (no second lookup a DNS rebinding could change).
 */

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** True when the address is in a private, loopback, link-local or reserved range. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(address, 'ipv6');
}

export class AddressRefusedError extends Error {
  constructor(
    readonly reason: 'private' | 'unresolvable',
    message: string,
  ) {
    super(message);
    this.name = 'AddressRefusedError';
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host and checks every address it has; throws AddressRefusedError. */
export async function resolvePublicAddresses(
  host: string,
  allowPrivate: boolean,
): Promise<ResolvedAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  if (net.isIP(bare)) {
    addresses = [{ address: bare, family: net.isIP(bare) }];
  } else {
    try {
      addresses = await dns.promises.lookup(bare, { all: true, verbatim: true });
    } catch {
      throw new AddressRefusedError('unresolvable', `cannot resolve ${bare}`);
    }
  }
  if (addresses.length === 0)
    throw new AddressRefusedError('unresolvable', `no address for ${bare}`);
  if (!allowPrivate) {
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused) {
      throw new AddressRefusedError(
        'private',
        `${bare} resolves to ${refused.address}, a private address`,
      );
    }
  }
  return addresses;
}
