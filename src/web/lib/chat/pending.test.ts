import { describe, expect, it } from 'vitest';
import {
  RETRY_MAX_MS,
  dequeue,
  enqueue,
  findDeliveredAnswer,
  loadQueue,
  markFailedAttempt,
  retryDelay,
  saveQueue,
  storageKey,
  type HistoryMessage,
  type KeyValueStorage,
  type OutgoingMessage,
} from './pending.ts';

function message(id: string, text = `question ${id}`): OutgoingMessage {
  return { id, text, createdAt: '2026-04-15T09:00:00.000Z', attempts: 0, baseline: 0 };
}

class MemoryStorage implements KeyValueStorage {
  readonly data = new Map<string, string>();
  full = false;
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full && value.length > 200) throw new DOMException('full', 'QuotaExceededError');
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

describe('outgoing queue', () => {
  it('keeps messages in the order they were sent', () => {
    const queue = [message('a'), message('b'), message('c')].reduce(enqueue, []);
    expect(queue.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(dequeue(queue, 'b').map((item) => item.id)).toEqual(['a', 'c']);
  });

  it('never holds the same message twice', () => {
    let queue = enqueue([], message('a'));
    queue = enqueue(queue, message('b'));
    queue = enqueue(queue, { ...message('a'), attempts: 3 });
    expect(queue.map((item) => [item.id, item.attempts])).toEqual([
      ['a', 3],
      ['b', 0],
    ]);
  });

  it('counts failed tries and remembers that one may have arrived', () => {
    let queue = [message('a'), message('b')];
    queue = markFailedAttempt(queue, 'a', false);
    queue = markFailedAttempt(queue, 'a', true);
    queue = markFailedAttempt(queue, 'a', false);
    expect(queue[0]).toMatchObject({ attempts: 3, uncertain: true });
    expect(queue[1]).toMatchObject({ attempts: 0 });
  });

  it('waits longer after each failure, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
      0, 1000, 2000, 4000, 8000, 16000, 30000,
    ]);
    expect(retryDelay(50)).toBe(RETRY_MAX_MS);
  });
});

describe('the history check before a re-send', () => {
  const turn = (role: HistoryMessage['role'], content: string): HistoryMessage => ({
    role,
    content,
    createdAt: '2026-04-15T09:00:01.000Z',
    ...(role === 'assistant' ? { citations: [] } : {}),
  });

  it('finds the stored answer of a question that did arrive', () => {
    const history = [turn('user', 'Price?'), turn('assistant', 'See the list.')];
    expect(findDeliveredAnswer(history, 'Price?', 0)?.content).toBe('See the list.');
  });

  it('does not mistake an earlier, identical question for this one', () => {
    const history = [turn('user', 'Hello'), turn('assistant', 'Hi!')];
    // The page already showed one "Hello" as sent when this one was queued.
    expect(findDeliveredAnswer(history, 'Hello', 1)).toBeNull();
    const again = [...history, turn('user', 'Hello'), turn('assistant', 'Hi again!')];
    expect(findDeliveredAnswer(again, 'Hello', 1)?.content).toBe('Hi again!');
  });

  it('skips a company reply between the question and the answer', () => {
    const history = [
      turn('user', 'MOQ?'),
      turn('agent', 'One moment'),
      turn('assistant', '100 pcs'),
    ];
    expect(findDeliveredAnswer(history, 'MOQ?', 0)?.content).toBe('100 pcs');
  });

  it('sends when the server has not seen the question, or has no answer stored for it', () => {
    expect(findDeliveredAnswer([], 'Price?', 0)).toBeNull();
    expect(findDeliveredAnswer([turn('user', 'Price?')], 'Price?', 0)).toBeNull();
  });
});

describe('pending messages in sessionStorage', () => {
  it('survive a reload, per card', () => {
    const storage = new MemoryStorage();
    saveQueue(storage, 7, [message('a'), message('b')]);
    expect(loadQueue(storage, 7).map((item) => item.id)).toEqual(['a', 'b']);
    expect(loadQueue(storage, 8)).toEqual([]);
  });

  it('are removed when none is left', () => {
    const storage = new MemoryStorage();
    saveQueue(storage, 7, [message('a')]);
    saveQueue(storage, 7, []);
    expect(storage.data.has(storageKey(7))).toBe(false);
  });

  it('ignore broken or duplicated entries', () => {
    const storage = new MemoryStorage();
    storage.setItem(storageKey(1), '{not json');
    expect(loadQueue(storage, 1)).toEqual([]);
    storage.setItem(
      storageKey(1),
      JSON.stringify([message('a'), { id: 5 }, message('a'), 'x', message('b')]),
    );
    expect(loadQueue(storage, 1).map((item) => item.id)).toEqual(['a', 'b']);
  });

  it('keep the text messages when a photo does not fit', () => {
    const storage = new MemoryStorage();
    storage.full = true;
    const photo: OutgoingMessage = {
      ...message('p', ''),
      image: { data: 'A'.repeat(500), type: 'image/jpeg' },
    };
    saveQueue(storage, 3, [message('a'), photo]);
    expect(loadQueue(storage, 3).map((item) => item.id)).toEqual(['a']);
  });

  it('work without storage', () => {
    expect(() => saveQueue(undefined, 1, [message('a')])).not.toThrow();
    expect(loadQueue(undefined, 1)).toEqual([]);
  });
});
