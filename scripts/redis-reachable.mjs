#!/usr/bin/env node
// Exit 0 when a Redis server answers PING at the given URL within 3 seconds.
import { Redis } from 'ioredis';

const redis = new Redis(process.argv[2], {
  lazyConnect: true,
  connectTimeout: 3000,
  maxRetriesPerRequest: 0,
  retryStrategy: () => null,
});
redis.on('error', () => {});
try {
  await redis.connect();
  await redis.ping();
  redis.disconnect();
  process.exit(0);
} catch {
  process.exit(1);
}
