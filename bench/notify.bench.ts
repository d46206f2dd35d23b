import { fork, type ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
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

/** How often the server's event loop is sampled while visitors write (ms). */
const LOOP_SAMPLE_MS = 5;

/**
 * 10,000 agent sockets (in another process) of one card's owner over real WebSockets; visitors
 * scan and write; the delay from each visitor request to the notification's arrival at every
 * socket, and how late the server's event loop ran meanwhile (other requests wait that long).
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

    const loopDelay = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
    loopDelay.enable();
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
    loopDelay.disable();
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
        target: '≤ 150 ms',
      },
      {
        // The histogram counts the sampling interval in; what is shown is the lateness beyond it.
        name: 'event-loop delay during fan-out, p99',
        figure: ms(Math.max(0, loopDelay.percentile(99) / 1e6 - LOOP_SAMPLE_MS)),
      },
    ];
  },
};
