/*
 * The port between pdf.js's two halves. In Node both run in the reading thread (its "fake
 * worker"), and pdf.js's own port for that (LoopbackPort) copies every message with
 * structuredClone, which serialises each string of a page's text items and reads it back: ~4 %
 * of reading a text PDF, in each thread that reads.
 *
 * This one copies a message as a tree of plain objects and arrays, member by member, sharing
 * its strings (they cannot change) — four to six times faster for a chunk of text items. What
 * is not plain data (typed arrays, errors, maps, class instances), and a tree deeper than any
 * message pdf.js sends, is copied by structuredClone as before; a buffer in the transfer list is
 * handed over as it is, as a transfer does (its sender no longer uses it). Like LoopbackPort it
 * delivers each message in a microtask, in order, to every listener; each of pdf.js's message
 * handlers picks out those addressed to it.
 */

type Listener = (event: { data: unknown }) => void;

/** Deeper than this, the rest of a message is copied by structuredClone (which handles cycles). */
const MAX_PLAIN_DEPTH = 32;

function copyMessage(value: unknown, transfer: ReadonlySet<unknown>, depth = 0): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_PLAIN_DEPTH) return structuredClone(value);
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index++) {
      copy[index] = copyMessage(value[index], transfer, depth + 1);
    }
    return copy;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === Object.prototype || prototype === null) {
    const copy: Record<string, unknown> =
      prototype === null ? (Object.create(null) as Record<string, unknown>) : {};
    for (const key of Object.keys(value)) {
      copy[key] = copyMessage((value as Record<string, unknown>)[key], transfer, depth + 1);
    }
    return copy;
  }
  if (transfer.has(value) || (ArrayBuffer.isView(value) && transfer.has(value.buffer))) {
    return value;
  }
  return structuredClone(value);
}

const settled = Promise.resolve();

export class InThreadPort {
  private readonly listeners = new Set<Listener>();

  postMessage(message: unknown, transfer?: readonly unknown[]): void {
    const event = { data: copyMessage(message, new Set(transfer)) };
    void settled.then(() => {
      for (const listener of this.listeners) listener(event);
    });
  }

  addEventListener(_type: 'message', listener: Listener, options?: { signal?: AbortSignal }) {
    const signal = options?.signal;
    if (signal?.aborted) return;
    this.listeners.add(listener);
    signal?.addEventListener('abort', () => this.listeners.delete(listener), { once: true });
  }

  removeEventListener(_type: 'message', listener: Listener): void {
    this.listeners.delete(listener);
  }

  terminate(): void {
    this.listeners.clear();
  }
}
