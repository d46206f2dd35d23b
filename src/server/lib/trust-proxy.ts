import proxyAddr from '@fastify/proxy-addr';
import type { FastifyRequest } from 'fastify';

/*
 * TRUST_PROXY, compiled once, is the one rule for which peers may speak for the client: Fastify
 * is given this very function for X-Forwarded-For (request.ip, request.ips), and whatever else
 * a proxy sets (its country headers) is believed only from a peer it accepts.
 */

/** Whether the hop-th address of the forwarding chain (0: the direct peer) is a trusted proxy. */
export type ProxyTrust = (address: string, hop: number) => boolean;

declare module 'fastify' {
  interface FastifyInstance {
    /** The compiled TRUST_PROXY rule (see compileProxyTrust). */
    trustsProxy: ProxyTrust;
  }
}

const trustsNobody: ProxyTrust = () => false;

/** The rule for TRUST_PROXY's entries (addresses, CIDRs, `loopback`, `uniquelocal`, …). */
export function compileProxyTrust(entries: readonly string[]): ProxyTrust {
  return entries.length > 0 ? proxyAddr.compile([...entries]) : trustsNobody;
}

/** True when the request's direct peer is a proxy that TRUST_PROXY names. */
export function fromTrustedProxy(request: FastifyRequest): boolean {
  const peer = request.socket?.remoteAddress;
  return Boolean(peer && request.server.trustsProxy(peer, 0));
}
