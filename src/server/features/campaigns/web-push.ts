import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import path from 'node:path';
import webPush from 'web-push';
import type { Config } from '#server/config.ts';
import { resolvePublicAddresses } from '#server/lib/address-guard.ts';

/*
 * Web Push (RFC 8030/8291) with VAPID. web-push encrypts the payload and signs the VAPID
 * header; we send the request ourselves, to the addresses the endpoint's host was checked to
 * resolve to (a subscription endpoint is a URL a visitor chose: no private network, no DNS
 * rebinding), exactly as the pipeline's webhooks do.
 */

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

const TIMEOUT_MS = 10_000;
const KEY_FILE = 'vapid-keys.json';

/** The environment's keys, else a pair created once into DATA_DIR (mode 0600). */
export function loadVapidKeys(config: Config): VapidKeys {
  const subject = config.vapid.subject ?? config.publicUrl;
  const subjectUrl =
    subject.startsWith('mailto:') || subject.startsWith('https:')
      ? subject
      : 'mailto:push@docucard.invalid';
  if (config.vapid.publicKey && config.vapid.privateKey) {
    return {
      publicKey: config.vapid.publicKey,
      privateKey: config.vapid.privateKey,
      subject: subjectUrl,
    };
  }
  const file = path.join(config.dataDir, KEY_FILE);
  const read = () => JSON.parse(fs.readFileSync(file, 'utf8')) as Omit<VapidKeys, 'subject'>;
  try {
    return { ...read(), subject: subjectUrl };
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    const keys = webPush.generateVAPIDKeys();
    try {
      fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    } catch {
      // Another instance wrote its pair first: everyone uses that one.
      return { ...read(), subject: subjectUrl };
    }
    return { ...keys, subject: subjectUrl };
  }
}

/** Why an endpoint is refused, or null when it may be used. */
export async function endpointProblem(
  endpoint: string,
  allowPrivate: boolean,
): Promise<'badEndpoint' | 'privateEndpoint' | null> {
  const url = new URL(endpoint);
  // Push services speak https; plain http only for a push service on the operator's network.
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    return 'badEndpoint';
  try {
    await resolvePublicAddresses(url.hostname, allowPrivate);
    return null;
  } catch {
    return 'privateEndpoint';
  }
}

export class SubscriptionGoneError extends Error {}

/** Encrypts and sends one push; throws SubscriptionGoneError on 404/410 (forget it). */
export async function sendWebPush(
  keys: VapidKeys,
  subscription: StoredSubscription,
  payload: string,
  options: { allowPrivate: boolean; urgency?: 'low' | 'normal' | 'high'; ttlSeconds?: number },
): Promise<void> {
  const details = webPush.generateRequestDetails(
    {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    payload,
    {
      vapidDetails: keys,
      TTL: options.ttlSeconds ?? 24 * 60 * 60,
      urgency: options.urgency ?? 'normal',
      contentEncoding: 'aes128gcm',
    },
  );
  const url = new URL(details.endpoint);
  if (url.protocol !== 'https:' && !(options.allowPrivate && url.protocol === 'http:')) {
    throw new Error('push endpoint is not https');
  }
  const addresses = await resolvePublicAddresses(url.hostname, options.allowPrivate);
  const pinned: LookupFunction = (_host, lookupOptions, callback) => {
    const first = addresses[0]!;
    if ((lookupOptions as { all?: boolean }).all) {
      (callback as (e: null, a: typeof addresses) => void)(null, addresses);
    } else callback(null, first.address, first.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  const status = await new Promise<number>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: details.method,
        headers: { ...details.headers, 'content-length': details.body.length },
        lookup: pinned,
        timeout: TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('timeout', () => request.destroy(new Error('push service timed out')));
    request.on('error', reject);
    request.end(details.body);
  });
  if (status === 404 || status === 410)
    throw new SubscriptionGoneError(`push service answered ${status}`);
  if (status < 200 || status >= 300) throw new Error(`push service answered ${status}`);
}
