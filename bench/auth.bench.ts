import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { SESSION_COOKIE } from '#shared/limits.ts';
import type { Bench } from './run.ts';
import { ms, percentile, timeEach } from './stats.ts';

/** Server time of the session check every API call pays, and of a login (scrypt-bound). */
export const authBench: Bench = {
  name: 'auth',
  async run() {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'docucard-bench-'));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const database = await openDatabase({});
    const { app } = await buildApp({ config, database, logger: false });
    await database.db.insert(users).values({
      username: 'bench',
      email: 'bench@example.com',
      password: await hashPassword('bench-password'),
      emailVerified: true,
    });
    const login = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'bench', password: 'bench-password' },
        remoteAddress: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      });
    const first = await login();
    const cookie = `${SESSION_COOKIE}=${first.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
    const me = () => app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

    await timeEach(200, me); // warm-up
    const userTimes = await timeEach(2000, me);
    const loginTimes = await timeEach(20, login);
    await app.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    return [
      { name: 'GET /api/auth/user p50 (PGlite)', figure: ms(percentile(userTimes, 50)) },
      { name: 'GET /api/auth/user p95 (PGlite)', figure: ms(percentile(userTimes, 95)) },
      { name: 'POST /api/auth/login p50 (scrypt N=2^15)', figure: ms(percentile(loginTimes, 50)) },
    ];
  },
};
