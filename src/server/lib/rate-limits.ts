import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';
import { AppError } from './errors.ts';
import { requestLanguage, translate } from './i18n.ts';
import { createRedisClient } from './redis.ts';

/** Distinct keys kept in memory per limit when there is no Redis (old ones are evicted). */
const LOCAL_KEYS = 50_000;

/** The time to wait in the request's language: "40 s", "42 min", "23 h 5 min". */
function waitText(request: FastifyRequest | undefined, seconds: number): string {
  const language = request ? requestLanguage(request) : 'en';
  if (seconds < 60) return translate(language, 'errors.wait.seconds', { seconds });
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return translate(language, 'errors.wait.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0
    ? translate(language, 'errors.wait.hours', { hours })
    : translate(language, 'errors.wait.hoursMinutes', { hours, minutes: rest });
}

/**
 * 429 with the time to wait: `seconds` (also sent as Retry-After) and `wait`, readable in the
 * request's language. A limit may name its own message; `max` fills its {{max}}.
 */
const rateLimited = (
  ttlMs: number,
  request?: FastifyRequest,
  messageKey = 'errors.rateLimited',
  max?: number,
) => {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new AppError('RATE_LIMITED', messageKey, {
    seconds,
    wait: waitText(request, seconds),
    ...(max === undefined ? {} : { max }),
  });
};

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
    errorResponseBuilder: (request, context) => rateLimited(context.ttl, request),
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
  /** True when the key has spent its budget; counts nothing, never throws. */
  isSpent(request: FastifyRequest, key: string): Promise<boolean>;
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
  /** The 429's message key (default `errors.rateLimited`); it may use {{wait}} and {{max}}. */
  messageKey?: string,
): KeyedLimit {
  const keys = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: (request) => `${name}:${keys.get(request) ?? ''}`,
  });
  /** The spent budget's status (its ttl), or null while hits remain. */
  const peek = async (request: FastifyRequest, key: string) => {
    keys.set(request, key);
    const status = await limiter(request, { increment: false });
    return !status.isAllowed && status.remaining === 0 && status.ttl > 0 ? status : null;
  };
  return {
    async hit(request, key) {
      keys.set(request, key);
      const status = await limiter(request);
      if (!status.isAllowed && status.isExceeded) {
        throw rateLimited(status.ttl, request, messageKey, max);
      }
    },
    async assertAllowed(request, key) {
      const status = await peek(request, key);
      if (status) throw rateLimited(status.ttl, request, messageKey, max);
    },
    async isSpent(request, key) {
      return (await peek(request, key)) !== null;
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

/** A budget of bytes per key in a time window (e.g. the photo bytes a card receives an hour). */
export interface ByteLimit {
  /** Throws 429 when `bytes` more would overspend the key's budget; counts nothing. */
  assertRoom(request: FastifyRequest, key: string, bytes: number): Promise<void>;
  /** Counts `bytes` against the key; throws 429 when that overspent the budget. */
  spend(request: FastifyRequest, key: string, bytes: number): Promise<void>;
}

/**
 * `maxBytes` per key within `windowMs`, on the plugin's limiter like createKeyedLimit (so in
 * Redis when configured, one budget for every instance). The limiter counts hits, so bytes are
 * counted in units of `unitBytes`, rounded up: one hit per unit, sent together.
 */
export function createByteLimit(
  app: FastifyInstance,
  name: string,
  maxBytes: number,
  windowMs: number,
  unitBytes = 16 * 1024,
): ByteLimit {
  const keys = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    max: Math.max(1, Math.floor(maxBytes / unitBytes)),
    timeWindow: windowMs,
    keyGenerator: (request) => `${name}:${keys.get(request) ?? ''}`,
  });
  const unitsOf = (bytes: number) => Math.max(1, Math.ceil(bytes / unitBytes));
  return {
    async assertRoom(request, key, bytes) {
      keys.set(request, key);
      const status = await limiter(request, { increment: false });
      if (status.isAllowed || status.remaining >= unitsOf(bytes)) return;
      throw rateLimited(status.ttl > 0 ? status.ttl : windowMs);
    },
    async spend(request, key, bytes) {
      keys.set(request, key);
      const hits = Array.from({ length: unitsOf(bytes) }, () => limiter(request));
      for (const status of await Promise.all(hits)) {
        if (!status.isAllowed && status.isExceeded) throw rateLimited(status.ttl);
      }
    },
  };
}
