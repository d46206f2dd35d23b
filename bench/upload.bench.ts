import http from 'node:http';
import { Readable } from 'node:stream';
import { startBenchApp } from './bench-app.ts';
import type { Bench } from './run.ts';

const FILE_BYTES = 150 * 1024 * 1024 - 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A multipart body generated while it is sent, so the client holds no copy of the file. */
function multipartStream(boundary: string, cardId: number): Readable {
  const chunk = Buffer.alloc(1024 * 1024, 0x41);
  let sent = 0;
  let stage = 0;
  return new Readable({
    read() {
      if (stage === 0) {
        stage = 1;
        this.push(
          `--${boundary}\r\nContent-Disposition: form-data; name="businessCardId"\r\n\r\n${cardId}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="documents"; filename="big.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        );
        this.push(PNG_SIGNATURE);
        sent = PNG_SIGNATURE.length;
        return;
      }
      if (stage === 1) {
        const size = Math.min(chunk.length, FILE_BYTES - sent);
        if (size > 0) {
          sent += size;
          this.push(size === chunk.length ? chunk : chunk.subarray(0, size));
          return;
        }
        stage = 2;
        this.push(`\r\n--${boundary}--\r\n`);
        return;
      }
      this.push(null);
    },
  });
}

/** Resident memory of the server while a 150 MB document streams in over real HTTP. */
export const uploadBench: Bench = {
  name: 'upload',
  async run() {
    const bench = await startBenchApp();
    const { app, documents, cookie, cardId } = bench;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    let samples = 0;
    const sampler = setInterval(() => {
      samples += 1;
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const boundary = `----docucard${Date.now()}`;
    const started = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/documents',
          headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      multipartStream(boundary, cardId).pipe(request);
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    await documents.whenIdle();
    await bench.close();
    const growth = (peak - baseline) / (1024 * 1024);
    return [
      {
        name: `150 MB upload: server RSS growth (HTTP ${status}, ${seconds.toFixed(1)} s)`,
        figure: `${growth.toFixed(1)} MB (RSS ${(baseline / 2 ** 20).toFixed(0)} -> ${(peak / 2 ** 20).toFixed(0)} MB, ${samples} samples)`,
        target: '< 64 MB',
      },
    ];
  },
};
