import { describe, expect, it } from 'vitest';
import { InThreadPort } from './pdfjs-port.ts';

function receive(port: InThreadPort, count: number): Promise<unknown[]> {
  const received: unknown[] = [];
  return new Promise((resolve) =>
    port.addEventListener('message', ({ data }) => {
      received.push(data);
      if (received.length === count) resolve(received);
    }),
  );
}

describe('the port between the halves of pdf.js', () => {
  it('delivers a copy: what the sender changes after posting does not reach the receiver', async () => {
    const port = new InThreadPort();
    const arrived = receive(port, 1);
    // What pdf.js does with a chunk of text items once it has sent it.
    const chunk = { items: [{ str: 'HT-M6012', transform: [9, 0, 0, 9, 50, 700] }], lang: null };
    port.postMessage({ stream: 4, chunk });
    chunk.items[0]!.transform[4] = 0;
    chunk.items = [];
    expect(await arrived).toEqual([
      {
        stream: 4,
        chunk: { items: [{ str: 'HT-M6012', transform: [9, 0, 0, 9, 50, 700] }], lang: null },
      },
    ]);
  });

  it('hands a transferred buffer over and copies one that is not, and what is not plain data', async () => {
    const port = new InThreadPort();
    const arrived = receive(port, 1);
    const moved = new Uint8Array([1, 2, 3]);
    const kept = new Uint8Array([4, 5, 6]);
    const error = new Error('unreadable');
    port.postMessage({ moved, kept, error, found: new Map([['page', 3]]) }, [moved.buffer]);
    kept[0] = 0;
    const [data] = (await arrived) as [Record<string, unknown>];
    expect(data.moved).toBe(moved);
    expect(data.kept).toEqual(new Uint8Array([4, 5, 6]));
    expect(data.error).toBeInstanceOf(Error);
    expect(data.error).not.toBe(error);
    expect((data.error as Error).message).toBe('unreadable');
    expect(data.found).toEqual(new Map([['page', 3]]));
  });

  it('delivers messages in order, and no more to a listener whose signal was aborted', async () => {
    const port = new InThreadPort();
    const stopped: unknown[] = [];
    const controller = new AbortController();
    port.addEventListener('message', ({ data }) => stopped.push(data), {
      signal: controller.signal,
    });
    const arrived = receive(port, 3);
    port.postMessage(1);
    port.postMessage(2);
    await Promise.resolve();
    controller.abort();
    port.postMessage(3);
    expect(await arrived).toEqual([1, 2, 3]);
    expect(stopped).toEqual([1, 2]);
  });

  it('copies a message with a cycle, as structuredClone does', async () => {
    const port = new InThreadPort();
    const arrived = receive(port, 1);
    const node: Record<string, unknown> = { name: 'outline' };
    node.self = node;
    port.postMessage({ node });
    const [data] = (await arrived) as [{ node: Record<string, unknown> }];
    expect(data.node.name).toBe('outline');
  });
});
