/*
 * A server-sent events reader for fetch() bodies (EventSource cannot POST). Follows the
 * WHATWG event-stream rules that matter here: events end at a blank line, `event:` names
 * them (default "message"), `data:` lines join with "\n", lines starting with ":" are
 * comments, and CRLF, CR or LF all end a line.
 */

export interface SseEvent {
  event: string;
  data: string;
}

/** Feed it text as it arrives; it calls `onEvent` once per complete event. */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = '';
  let eventName = '';
  let data: string[] = [];

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: eventName || 'message', data: data.join('\n') });
    eventName = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') data.push(value);
  };

  return {
    push(chunk: string) {
      buffer += chunk;
      // A trailing "\r" may be the first half of "\r\n": keep it until the next chunk.
      const pattern = /\r\n|\r(?=[^\n])|\n/g;
      let start = 0;
      for (let match = pattern.exec(buffer); match; match = pattern.exec(buffer)) {
        line(buffer.slice(start, match.index));
        start = match.index + match[0].length;
      }
      buffer = buffer.slice(start);
    },
    /** The stream ended: an unterminated final event is dropped, as the standard says. */
    end() {
      // A held "\r" was a line end after all.
      if (buffer.endsWith('\r')) line(buffer.slice(0, -1));
      buffer = '';
      eventName = '';
      data = [];
    },
  };
}

/** Reads a whole event-stream body, calling `onEvent` as events complete. */
export async function readSse(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: SseEvent) => void,
): Promise<void> {
  const parser = createSseParser(onEvent);
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
  } finally {
    parser.end();
    reader.releaseLock();
  }
}
