import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { INLINE_MAX_COMPRESSED_BYTES, InlineDecompressionStream } from './pdfjs-inflate.ts';

/** Decompresses `bytes` the way pdf.js does: one write, then the readable side to its end. */
async function readAsPdfjsDoes(
  Stream: typeof DecompressionStream,
  format: ConstructorParameters<typeof DecompressionStream>[0],
  bytes: Uint8Array<ArrayBuffer>,
): Promise<Buffer> {
  const { readable, writable } = new Stream(format);
  const writer = writable.getWriter();
  await writer.ready;
  writer
    .write(bytes)
    .then(async () => {
      await writer.ready;
      await writer.close();
    })
    .catch(() => undefined);
  const chunks: Uint8Array[] = [];
  for await (const chunk of readable as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const contentStream = Buffer.from(
  'BT /F1 12 Tf 72 720 Td (Glazed porcelain HT-M6012, 600 x 1200 mm) Tj ET\n'.repeat(40),
);

describe('inflating small Flate streams in the thread', () => {
  it("gives what Node's DecompressionStream gives for a page's content stream", async () => {
    const deflated = new Uint8Array(zlib.deflateSync(contentStream));
    const inline = await readAsPdfjsDoes(InlineDecompressionStream, 'deflate', deflated);
    expect(inline.equals(contentStream)).toBe(true);
    expect(inline.equals(await readAsPdfjsDoes(DecompressionStream, 'deflate', deflated))).toBe(
      true,
    );
  });

  it('hands a stream larger than the inline limit to Node, with the same bytes out', async () => {
    const noise = crypto.randomBytes(INLINE_MAX_COMPRESSED_BYTES * 2);
    const deflated = new Uint8Array(zlib.deflateSync(noise));
    expect(deflated.byteLength).toBeGreaterThan(INLINE_MAX_COMPRESSED_BYTES);
    const inline = await readAsPdfjsDoes(InlineDecompressionStream, 'deflate', deflated);
    expect(inline.equals(noise)).toBe(true);
  });

  it('fails on a damaged or cut-off stream as Node does (pdf.js then inflates it itself)', async () => {
    const deflated = new Uint8Array(zlib.deflateSync(contentStream));
    const damaged = deflated.slice();
    damaged[5] = 0xff;
    damaged[6] = 0xff;
    const cutOff = deflated.subarray(0, deflated.byteLength - 10);
    for (const bytes of [damaged, cutOff]) {
      await expect(readAsPdfjsDoes(DecompressionStream, 'deflate', bytes)).rejects.toThrow();
      await expect(readAsPdfjsDoes(InlineDecompressionStream, 'deflate', bytes)).rejects.toThrow();
    }
  });

  it('is a stream that can be piped through, and leaves other formats to Node', async () => {
    const source = new Blob([zlib.deflateSync(contentStream)]).stream();
    const piped = await new Response(
      source.pipeThrough(new InlineDecompressionStream('deflate')),
    ).arrayBuffer();
    expect(Buffer.from(piped).equals(contentStream)).toBe(true);

    const gzip = new InlineDecompressionStream('gzip');
    expect(gzip).toBeInstanceOf(DecompressionStream);
    const gunzipped = await readAsPdfjsDoes(
      InlineDecompressionStream,
      'gzip',
      new Uint8Array(zlib.gzipSync(contentStream)),
    );
    expect(gunzipped.equals(contentStream)).toBe(true);
  });
});
