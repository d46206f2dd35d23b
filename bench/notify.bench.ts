import { fork, type ChildProcess } from 'node:child_process';
import net from 'node:net';
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
 * How long a visitor's chat is open before they write (ms). A person reads the greeting and types;
 * a message sent the moment the page had its answer met the owner's screens still busy with that
 * visitor's own scan (decision 047).
 */
const READING_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The agents' process (notify-clients.ts). */
const forkClients = () =>
  fork(new URL('./notify-clients.ts', import.meta.url), [], { execArgv: ['--import', 'tsx'] });

/** About the length of a visitor's message notification as the sockets receive it (bytes). */
const NOTIFICATION_BYTES = 340;

/**
 * This machine's floor: as many plain TCP sockets, each written the same number of bytes once
 * per round from one loop, no WebSocket, no database, no HTTP. The arrival delays of every round.
 */
async function plainTcpFloor(): Promise<number[]> {
  const accepted: net.Socket[] = [];
  const server = net.createServer((socket) => accepted.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const clients = forkClients();
  clients.send({
    type: 'connect-raw',
    port: (server.address() as net.AddressInfo).port,
    count: AGENTS,
  });
  await next(clients, 'ready');
  while (accepted.length < AGENTS) await sleep(20);
  for (let i = 0; i < MESSAGES; i++) {
    const line = Buffer.from(
      `@${performance.timeOrigin + performance.now()}\n`.padStart(NOTIFICATION_BYTES),
    );
    for (const socket of accepted) socket.write(line);
    await sleep(100);
  }
  await sleep(500);
  clients.send({ type: 'finish' });
  const { delays } = await next<{ delays: number[] }>(clients, 'delays');
  for (const socket of accepted) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
  return delays;
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

    const clients = forkClients();
    clients.send({
      type: 'connect',
      url: `ws://127.0.0.1:${port}/ws/customer-service`,
      cookie,
      count: AGENTS,
    });
    await next(clients, 'ready');

    // The server's time: each request and the 100 ms after it (a fan-out blocking the loop ends
    // within it, or holds the timer that ends it). A visitor's reading is left out.
    const loopDelays: number[] = [];
    let serving = 0;
    const served = async <T>(request: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      let sampled = started;
      const sampler = setInterval(() => {
        const now = performance.now();
        loopDelays.push(Math.max(0, now - sampled - LOOP_SAMPLE_MS));
        sampled = now;
      }, LOOP_SAMPLE_MS);
      const response = await request();
      await sleep(100);
      clearInterval(sampler);
      serving += performance.now() - started;
      return response;
    };
    for (let i = 0; i < MESSAGES; i++) {
      // A new buyer each time (a visitor may send 20 messages a minute).
      const visitor = await served(() =>
        fetch(`http://127.0.0.1:${port}/api/chat/session-info/${cardId}`),
      );
      const visitorCookie = visitor.headers.get('set-cookie')!.split(';')[0]!;
      await sleep(READING_MS);
      const sentAt = performance.timeOrigin + performance.now();
      await served(() =>
        fetch(`http://127.0.0.1:${port}/api/chat/${cardId}`, {
          method: 'POST',
          headers: { cookie: visitorCookie, 'content-type': 'application/json' },
          body: JSON.stringify({ message: `Question ${i} about tiles @${sentAt}` }),
        }),
      );
    }
    const visitorsPerSecond = MESSAGES / (serving / 1000);
    await sleep(500);
    clients.send({ type: 'finish' });
    const { delays } = await next<{ delays: number[] }>(clients, 'delays');
    await bench.close();
    const floor = await plainTcpFloor();
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
        name: `plain TCP, ${NOTIFICATION_BYTES} bytes -> ${AGENTS} sockets from one loop, p99 (this machine's floor)`,
        figure: ms(percentile(floor, 99)),
      },
      {
        // Each request is sent when the last is answered and 100 ms have passed.
        name: 'visitors served meanwhile, per second',
        figure: visitorsPerSecond.toFixed(1),
      },
      {
        name: 'event-loop delay during fan-out, p99',
        figure: ms(percentile(loopDelays, 99)),
      },
    ];
  },
};
