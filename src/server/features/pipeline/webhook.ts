import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { eq } from 'drizzle-orm';
import type { TWebhook, TWebhookUpdate } from '#shared/schemas/pipeline.ts';
import type { AppContext } from '#server/context.ts';
import { webhooks } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import type { AppJobHandler, JobName, JobPayload } from '#server/jobs/registry.ts';
import { AddressRefusedError, resolvePublicAddresses } from '#server/lib/address-guard.ts';

/*
 * The owner's CRM webhook: on a new lead and on a stage change we POST {event, lead} as JSON
 * with X-DocuCard-Signature: sha256=<hex HMAC-SHA256 of the raw body, keyed by the secret>.
 * Deliveries go through the job queue: retried with backoff, and a restart does not lose one.
 */

export const WEBHOOK_JOB = 'pipeline.webhook' satisfies JobName;
export const SIGNATURE_HEADER = 'x-docucard-signature';
const TIMEOUT_MS = 10_000;

export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function maskSecret(secret: string): string {
  return `••••${secret.slice(-4)}`;
}

export async function getWebhook(ctx: AppContext, ownerId: number): Promise<TWebhook> {
  const [row] = await ctx.db.select().from(webhooks).where(eq(webhooks.userId, ownerId)).limit(1);
  return { url: row?.url ?? null, secretHint: row ? maskSecret(row.secret) : null };
}

function refusal(error: AddressRefusedError): AppError {
  return new AppError(
    'UNPROCESSABLE',
    error.reason === 'private' ? 'errors.webhookPrivateAddress' : 'errors.webhookUnresolvable',
    {},
    {
      url:
        error.reason === 'private' ? 'errors.webhookPrivateAddress' : 'errors.webhookUnresolvable',
    },
  );
}

export async function saveWebhook(
  ctx: AppContext,
  ownerId: number,
  input: TWebhookUpdate,
): Promise<TWebhook> {
  try {
    await resolvePublicAddresses(new URL(input.url).hostname, ctx.config.webhookAllowPrivate);
  } catch (error) {
    if (error instanceof AddressRefusedError) throw refusal(error);
    throw error;
  }
  await ctx.db
    .insert(webhooks)
    .values({ userId: ownerId, url: input.url, secret: input.secret })
    .onConflictDoUpdate({ target: webhooks.userId, set: { url: input.url, secret: input.secret } });
  return getWebhook(ctx, ownerId);
}

export async function deleteWebhook(ctx: AppContext, ownerId: number): Promise<void> {
  await ctx.db.delete(webhooks).where(eq(webhooks.userId, ownerId));
}

/** The owner and the exact JSON body that is signed and sent (the same on every retry). */
export type WebhookPayload = JobPayload<typeof WEBHOOK_JOB>;

/** Queues a delivery when the owner has a webhook. */
export async function queueWebhook(
  ctx: AppContext,
  queue: JobQueue,
  ownerId: number,
  event: string,
  lead: unknown,
): Promise<boolean> {
  const [row] = await ctx.db
    .select({ userId: webhooks.userId })
    .from(webhooks)
    .where(eq(webhooks.userId, ownerId))
    .limit(1);
  if (!row) return false;
  const body = JSON.stringify({ event, occurredAt: ctx.now().toISOString(), lead });
  await queue.enqueue(WEBHOOK_JOB, { ownerId, body } satisfies WebhookPayload, { maxAttempts: 8 });
  return true;
}

/** POSTs to addresses that were checked, never following redirects; throws unless 2xx. */
async function post(
  url: URL,
  body: string,
  signature: string,
  allowPrivate: boolean,
): Promise<void> {
  const addresses = await resolvePublicAddresses(url.hostname, allowPrivate);
  const pinned: LookupFunction = (_host, options, callback) => {
    const first = addresses[0]!;
    if ((options as { all?: boolean }).all) {
      (callback as (e: null, a: typeof addresses) => void)(null, addresses);
    } else callback(null, first.address, first.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  await new Promise<void>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        timeout: TIMEOUT_MS,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'DocuCard-Webhook/1',
          [SIGNATURE_HEADER]: signature,
        },
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve();
        else reject(new Error(`webhook answered ${status}`));
      },
    );
    request.on('timeout', () => request.destroy(new Error('webhook timed out')));
    request.on('error', reject);
    request.end(body);
  });
}

/** The queue's handler: one delivery, to the owner's webhook as it is now. */
export function webhookJob(ctx: AppContext): AppJobHandler<typeof WEBHOOK_JOB> {
  return {
    async run({ ownerId, body }) {
      const [row] = await ctx.db
        .select()
        .from(webhooks)
        .where(eq(webhooks.userId, ownerId))
        .limit(1);
      // The owner removed the webhook meanwhile: nothing to deliver.
      if (!row) return;
      await post(
        new URL(row.url),
        body,
        signBody(row.secret, body),
        ctx.config.webhookAllowPrivate,
      );
    },
  };
}
