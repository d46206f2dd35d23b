import { once } from 'node:events';
import fs from 'node:fs/promises';
import zlib from 'node:zlib';

/*
 * A decompression bomb for tests: a one-page PDF whose content stream is FlateDecode data that
 * inflates to `inflatedBytes` (2 GB by default) of blanks while the file weighs about a
 * thousandth of that. Built on the fly so no large file is ever committed.
 */

const CHUNK = Buffer.alloc(1024 * 1024, 0x20);

/** Deflates `bytes` blanks without ever holding them in memory. */
async function deflatedBlanks(bytes: number): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9, memLevel: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const ended = once(deflate, 'end');
  for (let written = 0; written < bytes; written += CHUNK.length) {
    const slice = CHUNK.subarray(0, Math.min(CHUNK.length, bytes - written));
    if (!deflate.write(slice)) await once(deflate, 'drain');
  }
  deflate.end();
  await ended;
  return Buffer.concat(parts);
}

export async function writePdfBomb(
  filePath: string,
  inflatedBytes = 2 * 1024 * 1024 * 1024,
): Promise<number> {
  const stream = await deflatedBlanks(inflatedBytes);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << >> >>',
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = chunks[0]!.length;
  const push = (buffer: Buffer) => {
    chunks.push(buffer);
    length += buffer.length;
  };
  objects.forEach((body, index) => {
    offsets.push(length);
    push(Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`, 'latin1'));
  });
  offsets.push(length);
  push(Buffer.from(`4 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`));
  push(stream);
  push(Buffer.from('\nendstream\nendobj\n'));
  const xref = length;
  const rows = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`);
  push(
    Buffer.from(
      `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${rows.join('')}` +
        `trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  const file = Buffer.concat(chunks);
  await fs.writeFile(filePath, file);
  return file.length;
}
