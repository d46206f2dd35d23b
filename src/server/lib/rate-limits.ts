import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';
import { AppError } from './errors.ts';
import { createRedisClient } from './redis.ts';

/** Distinct keys kept in memory per limit when there is no Redis (old ones are evicted). */
const LOCAL_KEYS = 50_000;

const rateLimited = (ttlMs: number) =>
  new AppError('RATE_LIMITED', 'errors.rateLimited', {
    seconds: Math.max(1, Math.ceil(ttlMs / 1000)),
  });

/**
 * Registers @fastify/rate-limit: counters live in Redis when REDIS_URL is set, so every
 * instance spends one shared budget; in process otherwise. Should Redis fail, requests are
 * served (and a warning logged) rather than refused.
 */
export async function installRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  const redis = config.redisUrl
    ? createRedisClient(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000 })
    : undefined;
  if (redis) {
    let warned = false;
    redis.on('error', (error) => {
      if (!warned) app.log.warn({ err: error }, 'Redis is unreachable: rate limits are not shared');
      warned = true;
    });
    redis.on('ready', () => {
      warned = false;
    });
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: 'docucard-rate:' } : { cache: LOCAL_KEYS }),
    errorResponseBuilder: (_request, context) => rateLimited(context.ttl),
  });
}

/** A budget of hits per key (an account, a visitor — not an address) in a time window. */
export interface KeyedLimit {
  /** Counts one hit against the key; throws 429 (with Retry-After) once the budget is spent. */
  hit(request: FastifyRequest, key: string): Promise<void>;
  /** Throws 429 when the key has spent its budget; counts nothing. */
  assertAllowed(request: FastifyRequest, key: string): Promise<void>;
  /** Counts one hit against the key, never throws. */
  record(request: FastifyRequest, key: string): Promise<void>;
}

/**
 * `max` hits per key within `windowMs`, whatever address they come from. Built on the
 * plugin's limiter, so the counters share its store: Redis when configured, and then every
 * instance spends one budget.
 */
export function createKeyedLimit(
  app: FastifyInstance,
  name: string,
  max: number,
  windowMs: number,
): KeyedLimit {
  const keys = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: (request) => `${name}:${keys.get(request) ?? ''}`,
  });
  return {
    async hit(request, key) {
      keys.set(request, key);
      const status = await limiter(request);
      if (!status.isAllowed && status.isExceeded) throw rateLimited(status.ttl);
    },
    async assertAllowed(request, key) {
      keys.set(request, key);
      const status = await limiter(request, { increment: false });
      if (!status.isAllowed && status.remaining === 0 && status.ttl > 0) {
        throw rateLimited(status.ttl);
      }
    },
    async record(request, key) {
      keys.set(request, key);
      await limiter(request);
    },
  };
}

/** A budget of failures per key: checked before an attempt, counted after a failed one. */
export interface FailureLimit {
  assertAllowed(request: FastifyRequest, key: string): Promise<void>;
  recordFailure(request: FastifyRequest, key: string): Promise<void>;
}

/**
 * After `maxFailures` failures for one key within `windowMs`, every further attempt for that
 * key answers 429 until the window ends, whatever address it comes from.
 */
export function createFailureLimit(
  app: FastifyInstance,
  name: string,
  maxFailures: number,
  windowMs: number,
): FailureLimit {
  const limit = createKeyedLimit(app, name, maxFailures, windowMs);
  return { assertAllowed: limit.assertAllowed, recordFailure: limit.record };
}

/** One spelling per account name or address: case, width and surrounding spaces do not count. */
export function normaliseAccountKey(value: string): string {
  return value.normalize('NFKC').trim().toLowerCase();
}
