import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';
import type { Redis, RedisOptions } from 'ioredis';

/*
 * ioredis is loaded only when REDIS_URL is set: a single instance without Redis does not pay
 * for it (about 15 MB and part of the start time).
 */
const require = createRequire(import.meta.url);

export function createRedisClient(url: string, options: RedisOptions): Redis {
  const { Redis: RedisClient } = require('ioredis') as typeof IORedis;
  return new RedisClient(url, options);
}
