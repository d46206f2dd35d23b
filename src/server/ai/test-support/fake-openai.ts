import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local HTTP server that speaks the OpenAI chat-completions protocol (POST
 * /v1/chat/completions, JSON or `stream: true` server-sent events), for testing the
 * OpenAI-compatible provider through the real SDK and a real socket (under any API root, as the
 * presets' providers differ). Each test sets what the
 * next requests get: an answer, a stream of pieces, an HTTP error, a hang, or garbage.
 */

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    stream?: boolean;
    messages: Array<{ role: string; content: string }>;
    [key: string]: unknown;
  };
}

export type FakeBehaviour =
  | { kind: 'answer'; text: string | ((request: RecordedRequest) => string) }
  | { kind: 'stream'; pieces: string[]; breakAfter?: number; delayMs?: number }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'hang' }
  | { kind: 'garbage'; body: string; contentType?: string };

export interface FakeOpenAi {
  /** http://127.0.0.1:port/v1 */
  baseUrl: string;
  /** http://127.0.0.1:port: put any API root after it. */
  origin: string;
  requests: RecordedRequest[];
  /** Requests told to hang whose client gave up on them (closed the connection). */
  readonly abandoned: number;
  /** What every following request gets (a function decides per request). */
  respond(behaviour: FakeBehaviour | ((request: RecordedRequest) => FakeBehaviour)): void;
  close(): Promise<void>;
}

function completion(text: string, model: string) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

function chunk(content: string | null, model: string, finish: string | null = null) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        delta: content === null ? {} : { role: 'assistant', content },
        finish_reason: finish,
      },
    ],
  };
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: RecordedRequest[] = [];
  let decide: (request: RecordedRequest) => FakeBehaviour = () => ({ kind: 'answer', text: '' });
  const hanging = new Set<http.ServerResponse>();
  let abandoned = 0;

  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      void (async () => {
        // Any API root: /v1 (OpenAI), none (DeepSeek), /compatible-mode/v1 (DashScope).
        if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'not found' } }));
          return;
        }
        const request: RecordedRequest = {
          path: req.url,
          authorization: req.headers.authorization,
          body: JSON.parse(Buffer.concat(parts).toString('utf8')) as RecordedRequest['body'],
        };
        requests.push(request);
        const behaviour = decide(request);
        const model = request.body.model;
        switch (behaviour.kind) {
          case 'answer': {
            const text =
              typeof behaviour.text === 'function' ? behaviour.text(request) : behaviour.text;
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify(completion(text, model)));
            return;
          }
          case 'stream': {
            res.writeHead(200, {
              'content-type': 'text/event-stream',
              'cache-control': 'no-cache',
              connection: 'keep-alive',
            });
            for (const [i, piece] of behaviour.pieces.entries()) {
              if (behaviour.breakAfter !== undefined && i >= behaviour.breakAfter) {
                // The connection drops in the middle of the answer.
                res.socket?.destroy();
                return;
              }
              res.write(`data: ${JSON.stringify(chunk(piece, model))}\n\n`);
              if (behaviour.delayMs) {
                await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
              }
            }
            res.write(`data: ${JSON.stringify(chunk(null, model, 'stop'))}\n\n`);
            res.write('data: [DONE]\n\n');
            res.end();
            return;
          }
          case 'status':
            res.writeHead(behaviour.status, { 'content-type': 'application/json' });
            res.end(behaviour.body ?? JSON.stringify({ error: { message: 'internal error' } }));
            return;
          case 'hang':
            hanging.add(res);
            res.on('close', () => {
              if (hanging.delete(res)) abandoned++;
            });
            return;
          case 'garbage':
            res.writeHead(200, { 'content-type': behaviour.contentType ?? 'application/json' });
            res.end(behaviour.body);
            return;
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    origin: `http://127.0.0.1:${port}`,
    requests,
    get abandoned() {
      return abandoned;
    },
    respond(behaviour) {
      decide = typeof behaviour === 'function' ? behaviour : () => behaviour;
    },
    async close() {
      for (const res of [...hanging]) {
        hanging.delete(res);
        res.socket?.destroy();
      }
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
