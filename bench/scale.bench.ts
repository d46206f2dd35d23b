import Fastify from 'fastify';
import { buildAnswerCorpus, type BenchQuestion } from './answer.bench.ts';
import { closedLoop, loopbackAgent, send } from './http-client.ts';
import type { Bench, BenchResult } from './run.ts';
import { ms, percentile } from './stats.ts';

/*
 * Load, over real HTTP on this machine:
 * - a card holding 3,000 PDF pages (30 catalogues of 100 pages), answered by the local provider:
 *   p95 over the corpus questions (target ≤ 50 ms);
 * - the public session-info and chat endpoints against a bare Fastify handler on the same
 *   machine, closed loop, side by side in one run (the ratio says what our work costs);
 * - 200 visitors chatting at once for 60 s (a message, then 3–5 s of reading, as people do;
 *   each visitor from its own loopback address with its own cookie): errors and p95.
 * The 10,000 agent sockets fan-out is the `notify` bench.
 */

const DOCUMENTS = Number(process.env.BENCH_SCALE_DOCUMENTS ?? 30);
const VISITORS = Number(process.env.BENCH_SCALE_VISITORS ?? 200);
const CHAT_SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 60);
const THROUGHPUT_SECONDS = 10;
const THROUGHPUT_CONNECTIONS = 32;
/** Visitors used round-robin for the throughput run (each may send 20 messages a minute). */
const THROUGHPUT_VISITORS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function bareFastify(): Promise<{ port: number; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/bare', () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { port, close: () => app.close() };
}

export const scaleBench: Bench = {
  name: 'scale',
  async run() {
    const corpus = await buildAnswerCorpus(DOCUMENTS);
    const { bench, assistant } = corpus;
    const results: BenchResult[] = [
      {
        name: `scale card: ${corpus.pages} PDF pages, ${corpus.chunks} passages, uploaded and processed`,
        figure: `${(corpus.ingestMs / 1000).toFixed(1)} s`,
      },
    ];
    try {
      // 1. A 3,000-page card answered locally.
      const questions = corpus.questions.filter((q: BenchQuestion) => !q.history);
      const ask = (q: BenchQuestion) =>
        assistant.answer({ cardId: bench.cardId, question: q.q, language: 'en', history: [] });
      await ask(questions[0]!); // builds the index
      const times: number[] = [];
      for (const question of questions) {
        const start = performance.now();
        await ask(question);
        times.push(performance.now() - start);
      }
      results.push({
        name: `${corpus.pages}-page card: local answer p95 over ${times.length} questions`,
        figure: ms(percentile(times, 95)),
        target: '≤ 50 ms',
      });

      await bench.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = bench.app.server.address() as { port: number };
      const cardId = bench.cardId;
      const question = (n: number) => questions[n % questions.length]!.q;

      // 2. Throughput against a bare handler, side by side.
      const bare = await bareFastify();
      const bareAgents = Array.from({ length: THROUGHPUT_CONNECTIONS }, (_, i) => loopbackAgent(i));
      const bareRun = await closedLoop(THROUGHPUT_CONNECTIONS, THROUGHPUT_SECONDS * 1000, (i) =>
        send(bare.port, bareAgents[i]!, 'GET', '/bare').then((r) => r.status === 200),
      );
      await bare.close();

      const visitors: Array<{ agent: ReturnType<typeof loopbackAgent>; cookie: string }> = [];
      for (let n = 0; n < THROUGHPUT_VISITORS; n++) {
        const agent = loopbackAgent(10_000 + n);
        const first = await send(port, agent, 'GET', `/api/chat/session-info/${cardId}`);
        if (first.status !== 200 || !first.setCookie) {
          throw new Error(`session-info: ${first.status} ${first.body.slice(0, 200)}`);
        }
        visitors.push({ agent, cookie: first.setCookie });
      }
      let next = 0;
      const visitor = () => visitors[next++ % visitors.length]!;
      const infoRun = await closedLoop(THROUGHPUT_CONNECTIONS, THROUGHPUT_SECONDS * 1000, () => {
        const v = visitor();
        return send(port, v.agent, 'GET', `/api/chat/session-info/${cardId}`, {
          cookie: v.cookie,
        }).then((r) => r.status === 200);
      });
      let asked = 0;
      const chatRun = await closedLoop(THROUGHPUT_CONNECTIONS, THROUGHPUT_SECONDS * 1000, () => {
        const v = visitor();
        return send(port, v.agent, 'POST', `/api/chat/${cardId}`, {
          cookie: v.cookie,
          json: { message: question(asked++) },
        }).then((r) => r.status === 200);
      });
      const perSecond = (run: { perSecond: number; errors: number }) =>
        `${run.perSecond.toFixed(0)} req/s${run.errors ? `, ${run.errors} errors` : ''}`;
      results.push(
        {
          name: `bare Fastify handler, ${THROUGHPUT_CONNECTIONS} connections`,
          figure: perSecond(bareRun),
        },
        {
          name: 'GET /api/chat/session-info (share of bare)',
          figure: `${perSecond(infoRun)} (${((infoRun.perSecond / bareRun.perSecond) * 100).toFixed(1)} %)`,
          target: '≥ 20 %',
        },
        {
          name: `POST /api/chat on the ${corpus.pages}-page card (share of bare)`,
          figure: `${perSecond(chatRun)} (${((chatRun.perSecond / bareRun.perSecond) * 100).toFixed(2)} %)`,
        },
      );

      // 3. 200 visitors chatting at once for 60 s.
      const latencies: number[] = [];
      let errors = 0;
      const end = performance.now() + CHAT_SECONDS * 1000;
      await Promise.all(
        Array.from({ length: VISITORS }, async (_, n) => {
          const agent = loopbackAgent(30_000 + n);
          await sleep(Math.random() * 3_000); // they do not all arrive in the same millisecond
          const info = await send(port, agent, 'GET', `/api/chat/session-info/${cardId}`);
          const cookie = info.setCookie ?? '';
          if (info.status !== 200) errors++;
          let turn = 0;
          while (performance.now() < end) {
            const start = performance.now();
            const answer = await send(port, agent, 'POST', `/api/chat/${cardId}`, {
              cookie,
              json: { message: question(n * 7 + turn++) },
            }).catch(() => null);
            latencies.push(performance.now() - start);
            if (answer?.status !== 200) errors++;
            await sleep(3_000 + Math.random() * 2_000);
          }
          agent.destroy();
        }),
      );
      results.push(
        {
          name: `${VISITORS} visitors chatting for ${CHAT_SECONDS} s: messages answered, errors`,
          figure: `${latencies.length - errors} answered, ${errors} errors`,
          target: '0 errors',
        },
        {
          name: `${VISITORS} visitors chatting: answer p95 (HTTP, ${corpus.pages}-page card)`,
          figure: ms(percentile(latencies, 95)),
        },
      );
      for (const v of visitors) v.agent.destroy();
      for (const agent of bareAgents) agent.destroy();
    } finally {
      await bench.close();
    }
    return results;
  },
};
