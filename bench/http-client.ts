import http from 'node:http';

/*
 * A minimal keep-alive HTTP client for the load benchmarks. Each simulated client gets its own
 * agent bound to its own loopback address (127.x.y.z), so the server sees one address per
 * visitor, as it would at a fair where phones come through several networks, and the
 * per-address rate limit applies per visitor rather than to the whole benchmark.
 */

export interface HttpAnswer {
  status: number;
  setCookie: string | null;
  body: string;
}

export function loopbackAgent(n: number): http.Agent {
  const localAddress = `127.${1 + (Math.floor(n / 65_025) % 250)}.${Math.floor(n / 255) % 255}.${1 + (n % 255)}`;
  return new http.Agent({ keepAlive: true, maxSockets: 1, localAddress });
}

export function send(
  port: number,
  agent: http.Agent,
  method: 'GET' | 'POST',
  path: string,
  options: { cookie?: string; json?: unknown } = {},
): Promise<HttpAnswer> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const cookie = response.headers['set-cookie']?.[0]?.split(';')[0] ?? null;
          resolve({
            status: response.statusCode ?? 0,
            setCookie: cookie,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Runs `work` from `concurrency` loops for `durationMs`; answers requests per second. */
export async function closedLoop(
  concurrency: number,
  durationMs: number,
  work: (loop: number) => Promise<boolean>,
): Promise<{ perSecond: number; errors: number; done: number }> {
  const end = performance.now() + durationMs;
  let done = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      while (performance.now() < end) {
        const ok = await work(loop).catch(() => false);
        done++;
        if (!ok) errors++;
      }
    }),
  );
  return { perSecond: done / (durationMs / 1000), errors, done };
}
