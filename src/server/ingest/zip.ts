import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/*
 * Small promise helpers over yauzl. They read the central directory and, when asked, inflate
 * a named entry with a byte cap: nothing is ever extracted to disk or inflated without a limit.
 */

export interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  isEncrypted: boolean;
}

export function openZip(filePath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      filePath,
      { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true },
      (error, zipfile) => (error ? reject(error) : resolve(zipfile)),
    );
  });
}

/**
 * Visits the entries of the central directory in order; `visit` may inflate the entry, and
 * returns 'stop' to end the walk early.
 */
export async function forEachZipEntry(
  zipfile: yauzl.ZipFile,
  visit: (entry: yauzl.Entry) => Promise<void | 'stop'>,
): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    zipfile.on('error', fail);
    zipfile.on('end', () => {
      if (settled) return;
      settled = true;
      resolve();
    });
    zipfile.on('entry', (entry: yauzl.Entry) => {
      visit(entry).then((next) => {
        if (settled) return;
        if (next === 'stop') {
          settled = true;
          resolve();
        } else {
          zipfile.readEntry();
        }
      }, fail);
    });
    zipfile.readEntry();
  });
}

export function openEntryStream(zipfile: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zipfile.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
  });
}

export function describeEntry(entry: yauzl.Entry): ZipEntryInfo {
  return {
    name: entry.fileName,
    compressedSize: entry.compressedSize,
    uncompressedSize: entry.uncompressedSize,
    isEncrypted: entry.isEncrypted(),
  };
}

/** Inflates one entry into text, giving up (null) past `maxBytes` of real output. */
export async function readEntryText(
  zipfile: yauzl.ZipFile,
  entry: yauzl.Entry,
  maxBytes: number,
): Promise<string | null> {
  if (entry.isEncrypted()) return null;
  const stream = await openEntryStream(zipfile, entry);
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) return null;
      chunks.push(chunk);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface ZipListing {
  entries: ZipEntryInfo[];
  /** Text of the requested small entries (missing when absent, encrypted or over the cap). */
  texts: Map<string, string>;
}

/**
 * Lists the entries (at most `maxEntries`: enough to classify, not a way to stall on a hostile
 * directory) and reads the few small ones named in `wanted` (e.g. [Content_Types].xml).
 */
export async function listZip(
  filePath: string,
  wanted: readonly string[] = [],
  { maxBytesPerText = 2 * 1024 * 1024, maxEntries = 20_000 } = {},
): Promise<ZipListing> {
  const zipfile = await openZip(filePath);
  const entries: ZipEntryInfo[] = [];
  const texts = new Map<string, string>();
  try {
    await forEachZipEntry(zipfile, async (entry) => {
      entries.push(describeEntry(entry));
      if (wanted.includes(entry.fileName)) {
        const text = await readEntryText(zipfile, entry, maxBytesPerText);
        if (text !== null) texts.set(entry.fileName, text);
      }
      return entries.length >= maxEntries ? 'stop' : undefined;
    });
  } finally {
    zipfile.close();
  }
  return { entries, texts };
}
