import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/*
 * Which addresses an outgoing webhook or push may reach: not private, loopback, link-local,
 * carrier-grade NAT, multicast or reserved ranges, unless the operator allows them
 * (WEBHOOK_ALLOW_PRIVATE, for a CRM on their own network). IPv6 forms that carry an IPv4
 * address are judged by that address: IPv4-mapped, IPv4-compatible, IPv4-translated, NAT64,
 * 6to4 and Teredo (its server and its client). Every address a host name resolves to is
 * checked, and the connection uses the checked addresses only (no second lookup a DNS
 * rebinding could change). This is the one check: saving and delivering both come here.
 */

const cidrs4 = (list: string[]) => list.map((cidr) => ipaddr.IPv4.parseCIDR(cidr));
const cidrs6 = (list: string[]) => list.map((cidr) => ipaddr.IPv6.parseCIDR(cidr));

const PRIVATE_IPV4 = cidrs4([
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
]);

const PRIVATE_IPV6 = cidrs6([
  '::/128',
  '::1/128',
  // NAT64 local-use prefix (RFC 8215): it translates into the operator's own network.
  '64:ff9b:1::/48',
  '100::/64',
  '2001:db8::/32',
  'fc00::/7',
  'fe80::/10',
  'fec0::/10',
  'ff00::/8',
]);

type Groups = number[];
const ipv4Of = (high: number, low: number) =>
  new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
const last32 = (g: Groups) => [ipv4Of(g[6]!, g[7]!)];

/** IPv6 forms with IPv4 addresses inside, and where those addresses sit. */
const EMBEDDED_IPV4: Array<{ range: [ipaddr.IPv6, number]; ipv4: (g: Groups) => ipaddr.IPv4[] }> = [
  // IPv4-mapped ::ffff:a.b.c.d
  { range: ipaddr.IPv6.parseCIDR('::ffff:0:0/96'), ipv4: last32 },
  // IPv4-translated ::ffff:0:a.b.c.d (RFC 2765)
  { range: ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96'), ipv4: last32 },
  // IPv4-compatible ::a.b.c.d (deprecated, RFC 4291)
  { range: ipaddr.IPv6.parseCIDR('::/96'), ipv4: last32 },
  // NAT64 well-known prefix (RFC 6052)
  { range: ipaddr.IPv6.parseCIDR('64:ff9b::/96'), ipv4: last32 },
  // 6to4 2002:AABB:CCDD::/48 (RFC 3056): bits 16-48
  { range: ipaddr.IPv6.parseCIDR('2002::/16'), ipv4: (g) => [ipv4Of(g[1]!, g[2]!)] },
  // Teredo (RFC 4380): the server in bits 32-64, the client in the last 32 bits, inverted
  {
    range: ipaddr.IPv6.parseCIDR('2001::/32'),
    ipv4: (g) => [ipv4Of(g[2]!, g[3]!), ipv4Of(g[6]! ^ 0xffff, g[7]! ^ 0xffff)],
  },
];

function isPrivateIpv4(address: ipaddr.IPv4): boolean {
  return PRIVATE_IPV4.some((range) => address.match(range));
}

function isPrivateIpv6(address: ipaddr.IPv6): boolean {
  if (PRIVATE_IPV6.some((range) => address.match(range))) return true;
  for (const form of EMBEDDED_IPV4) {
    if (address.match(form.range) && form.ipv4(address.parts).some(isPrivateIpv4)) return true;
  }
  return false;
}

/**
 * True when the address is in a private, loopback, link-local or reserved range, or is an
 * IPv6 form carrying such an IPv4 address; also for anything that is not an IP address.
 */
export function isPrivateAddress(address: string): boolean {
  // Node's own test first: only plain dotted-decimal IPv4 and real IPv6 text get through.
  const family = net.isIP(address);
  if (family === 0) return true;
  try {
    if (family === 4) return isPrivateIpv4(ipaddr.IPv4.parse(address));
    return isPrivateIpv6(ipaddr.IPv6.parse(address));
  } catch {
    return true;
  }
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
