import { describe, expect, it } from 'vitest';
import { createSseParser, readSse, type SseEvent } from './sse.ts';

function parseAll(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
}

const STREAM =
  'event: delta\ndata: {"text":"Quality "}\n\n' +
  'event: delta\ndata: {"text":"guarantee: 10 years"}\n\n' +
  'event: done\ndata: {"message":"Quality guarantee: 10 years","citations":[]}\n\n';

describe('server-sent events parser', () => {
  it('reads named events with their data', () => {
    expect(parseAll([STREAM])).toEqual([
      { event: 'delta', data: '{"text":"Quality "}' },
      { event: 'delta', data: '{"text":"guarantee: 10 years"}' },
      { event: 'done', data: '{"message":"Quality guarantee: 10 years","citations":[]}' },
    ]);
  });

  it('gives the same events however the bytes are cut', () => {
    const whole = parseAll([STREAM]);
    for (let size = 1; size < 12; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < STREAM.length; i += size) chunks.push(STREAM.slice(i, i + size));
      expect(parseAll(chunks)).toEqual(whole);
    }
  });

  it('accepts CRLF and CR line ends, even split between chunks', () => {
    expect(parseAll(['event: delta\r', '\ndata: a\r\n\r', '\n'])).toEqual([
      { event: 'delta', data: 'a' },
    ]);
    expect(parseAll(['data: a\r\r'])).toEqual([{ event: 'message', data: 'a' }]);
  });

  it('skips comments, joins data lines, defaults the name and drops an unfinished event', () => {
    expect(
      parseAll([': connected\n\n', 'data: one\ndata: two\n\n', ': keep-alive\n\n', 'data: cut']),
    ).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });

  it('keeps a colon inside the value and strips only one leading space', () => {
    expect(parseAll(['data:  {"a":"b:c"}\n\n'])).toEqual([
      { event: 'message', data: ' {"a":"b:c"}' },
    ]);
  });

  it('reads a byte stream, with a character split across two chunks', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"质保十年"}\n\n');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 27));
        controller.enqueue(bytes.slice(27));
        controller.close();
      },
    });
    const events: SseEvent[] = [];
    await readSse(stream, (event) => events.push(event));
    expect(events).toEqual([{ event: 'delta', data: '{"text":"质保十年"}' }]);
  });
});
