import { startBenchApp } from './bench-app.ts';
import type { Bench } from './run.ts';
import { ms, percentile, timeEach } from './stats.ts';

/** Server time of the session check every API call pays, and of a login (scrypt-bound). */
export const authBench: Bench = {
  name: 'auth',
  async run() {
    const bench = await startBenchApp();
    const { app, cookie } = bench;
    const login = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'bench', password: 'bench-password' },
        remoteAddress: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      });
    const me = () => app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

    await timeEach(200, me); // warm-up
    const userTimes = await timeEach(2000, me);
    const loginTimes = await timeEach(20, login);
    await bench.close();
    return [
      { name: 'GET /api/auth/user p50 (PGlite)', figure: ms(percentile(userTimes, 50)) },
      { name: 'GET /api/auth/user p95 (PGlite)', figure: ms(percentile(userTimes, 95)) },
      { name: 'POST /api/auth/login p50 (scrypt N=2^15)', figure: ms(percentile(loginTimes, 50)) },
    ];
  },
};
