import { fork, type ChildProcess } from 'node:child_process';
import { startBenchApp } from './bench-app.ts';
import type { Bench } from './run.ts';
import { ms, percentile } from './stats.ts';

/** 10,000 agent sockets of one owner (BENCH_AGENTS to try another number). */
const AGENTS = Number(process.env.BENCH_AGENTS ?? 10_000);
const MESSAGES = 30;

function next<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (message: { type: string }) => {
      if (message.type !== type) return;
      child.off('message', listener);
      resolve(message as T);
    };
    child.on('message', listener);
  });
}

/**
 * 1,000 agent sockets (in another process) of one card's owner over real WebSockets; visitors
 * write; the delay from each visitor request to the notification's arrival at every socket.
 */
export const notifyBench: Bench = {
  name: 'notify',
  async run() {
    const bench = await startBenchApp();
    const { app, cookie, cardId } = bench;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };

    const clients = fork(new URL('./notify-clients.ts', import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
    });
    clients.send({
      type: 'connect',
      url: `ws://127.0.0.1:${port}/ws/customer-service`,
      cookie,
      count: AGENTS,
    });
    await next(clients, 'ready');

    for (let i = 0; i < MESSAGES; i++) {
      // A new buyer each time (a visitor may send 20 messages a minute).
      const visitor = await fetch(`http://127.0.0.1:${port}/api/chat/session-info/${cardId}`);
      const visitorCookie = visitor.headers.get('set-cookie')!.split(';')[0]!;
      const sentAt = performance.timeOrigin + performance.now();
      await fetch(`http://127.0.0.1:${port}/api/chat/${cardId}`, {
        method: 'POST',
        headers: { cookie: visitorCookie, 'content-type': 'application/json' },
        body: JSON.stringify({ message: `Question ${i} about tiles @${sentAt}` }),
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    clients.send({ type: 'finish' });
    const { delays } = await next<{ delays: number[] }>(clients, 'delays');
    await bench.close();
    return [
      {
        name: `visitor message -> ${AGENTS} agent sockets, p50 (${delays.length}/${AGENTS * MESSAGES} delivered)`,
        figure: ms(percentile(delays, 50)),
      },
      {
        name: `visitor message -> ${AGENTS} agent sockets, p99`,
        figure: ms(percentile(delays, 99)),
        target: '< 250 ms',
      },
    ];
  },
};
