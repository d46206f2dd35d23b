import zlib from 'node:zlib';

/*
 * Inflating a PDF's small Flate streams at once, in the reading thread.
 *
 * pdf.js decompresses every Flate stream (each page's content stream, most of all) with
 * `new DecompressionStream('deflate')`: written once, read to the end, concatenated. In Node
 * that stream is a zlib duplex wrapped into web streams and run on libuv's thread pool, and for
 * a content stream of a few kilobytes the wrapping costs 0.2-0.5 ms, fifty times what inflating
 * it costs: a tenth of the time to read a 300-page text PDF, a third of it for pages of a few
 * lines.
 *
 * InlineDecompressionStream stands in for the global DecompressionStream in a thread that
 * loads pdf.js (pdfjs.ts installs it). It is a real TransformStream, so anything that pipes
 * through it still works; for 'deflate' it gathers what is written and, at the end, inflates it
 * with zlib's synchronous call when it is small (the same zlib, the same output, the same error
 * for a damaged stream, which pdf.js then reads with its own inflater as before). A larger
 * stream, and any other format, goes through Node's own DecompressionStream as before, so a
 * decompression bomb still arrives in chunks and a long inflate does not hold the thread.
 */

const NativeDecompressionStream = globalThis.DecompressionStream;

/**
 * Compressed streams up to this size are inflated at once. Deflate expands at most ~1,032 to 1,
 * so one such call produces at most ~66 MB, and a typical content stream takes well under a
 * millisecond.
 */
export const INLINE_MAX_COMPRESSED_BYTES = 64 * 1024;

type Format = ConstructorParameters<typeof DecompressionStream>[0];

/** What Node's DecompressionStream puts out for these bytes, read to the end. */
async function inflateNatively(
  format: Format,
  input: Uint8Array<ArrayBuffer>,
  controller: TransformStreamDefaultController<Uint8Array>,
): Promise<void> {
  const native = new NativeDecompressionStream(format);
  const writer = native.writable.getWriter();
  const written = writer.write(input).then(() => writer.close());
  written.catch(() => undefined); // the readable side reports the same failure
  for await (const chunk of native.readable as AsyncIterable<Uint8Array>) {
    controller.enqueue(chunk);
  }
  await written;
}

class InlineInflate extends TransformStream<ArrayBufferView | ArrayBuffer, Uint8Array> {
  constructor(format: Format) {
    const parts: Array<Uint8Array<ArrayBuffer>> = [];
    super({
      transform(chunk) {
        let bytes: Uint8Array<ArrayBuffer>;
        if (ArrayBuffer.isView(chunk)) {
          bytes = new Uint8Array(chunk.buffer as ArrayBuffer, chunk.byteOffset, chunk.byteLength);
        } else if (chunk instanceof ArrayBuffer) {
          bytes = new Uint8Array(chunk);
        } else {
          throw new TypeError('DecompressionStream takes an ArrayBuffer or a view of one');
        }
        parts.push(bytes);
      },
      async flush(controller) {
        // pdf.js writes a stream in one piece: no copy then.
        const input = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
        if (input.byteLength > INLINE_MAX_COMPRESSED_BYTES) {
          return inflateNatively(format, input, controller);
        }
        const output = zlib.inflateSync(input);
        controller.enqueue(new Uint8Array(output.buffer, output.byteOffset, output.byteLength));
      },
    });
  }
}

/**
 * A DecompressionStream that inflates small 'deflate' input in this thread (InlineInflate) and
 * hands every other format to Node's own.
 */
export const InlineDecompressionStream = function DecompressionStream(format: Format) {
  return format === 'deflate' ? new InlineInflate(format) : new NativeDecompressionStream(format);
} as unknown as typeof globalThis.DecompressionStream;

/** Makes this thread's DecompressionStream InlineDecompressionStream (once). */
export function inflateSmallStreamsInline(): void {
  if (globalThis.DecompressionStream === NativeDecompressionStream) {
    globalThis.DecompressionStream = InlineDecompressionStream;
  }
}
