import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryBus } from './event-bus.ts';
import { RealtimeHub, type OutgoingMessage } from './hub.ts';

const session = { id: 1, expiresAt: new Date(Date.now() + 3_600_000) };

let hub: RealtimeHub;
afterEach(() => hub.close());

describe('fan-out to an owner with many screens', () => {
  it('serialises and frames an event once: every screen is handed the same frame', async () => {
    hub = new RealtimeHub(createMemoryBus(pino({ level: 'silent' })));
    const received = Array.from({ length: 3 }, () => [] as OutgoingMessage[]);
    for (const messages of received) {
      hub.addAgent(7, session, { send: (message) => messages.push(message), close: () => {} });
    }
    await hub.toOwner(7, { type: 'hello', text: '你好' });
    const [a, b, c] = received.map((messages) => messages[0]!);
    expect(a!.frame).toBe(b!.frame);
    expect(b!.frame).toBe(c!.frame);
    const json = '{"type":"hello","text":"你好"}';
    // FIN + text, then the payload's length in bytes (no mask: a server's frame), then the text.
    expect([...a!.frame.subarray(0, 2)]).toEqual([0x81, Buffer.byteLength(json)]);
    expect(a!.frame.subarray(2).toString('utf8')).toBe(json);
  });
});
