import type { Readable } from 'node:stream';

/*
 * Where the server keeps what exhibitors upload and what it generates for them: objects named
 * by keys such as `users/7/logos/3f…e1.png`. Two implementations share this contract: the
 * filesystem under DATA_DIR/files (the embedded default) and an S3-compatible bucket. Callers
 * never see a path, except through withLocalFile for readers that need one.
 */

export interface ByteRange {
  start: number;
  /** Inclusive, as in an HTTP Range header. */
  end: number;
}

export interface StoredObject {
  body: Readable;
  /** Bytes in `body` (the range's length when a range was asked for). */
  size: number;
}

export interface ObjectStore {
  readonly kind: 'fs' | 's3';
  /**
   * Moves a local file (an upload that streamed to the incoming folder) into the store. The
   * local file is gone afterwards, also when storing failed.
   */
  putFile(key: string, localPath: string, contentType?: string): Promise<void>;
  /** Stores bytes made in memory (posters, audio, chat photos: each well below a megabyte or a few). */
  putBytes(key: string, bytes: Uint8Array, contentType?: string): Promise<void>;
  /** The object's size, or null when there is no such object. */
  stat(key: string): Promise<{ size: number } | null>;
  /** The object's bytes as a stream, or null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  remove(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (an account's `users/<id>/`). */
  removePrefix(prefix: string): Promise<void>;
  /**
   * Runs `readFile` with a path to the object's bytes on this machine (document readers, OCR and
   * LibreOffice need one). The filesystem store passes its own file; S3 streams the object to
   * a private temporary file that is deleted when `readFile` settles. Throws when there is no such
   * object.
   */
  withLocalFile<T>(key: string, readFile: (filePath: string) => Promise<T>): Promise<T>;
  /** Total bytes stored (the admin panel's figure). */
  usedBytes(): Promise<number>;
  close(): Promise<void>;
}

export class MissingObjectError extends Error {
  readonly code = 'ENOENT';
  constructor(readonly key: string) {
    super(`No stored object ${key}`);
  }
}

const SEGMENT = /^[\w-][\w.-]*$/u;

/** Keys are built by storage-keys.ts; this refuses anything else (`..`, empty or odd segments). */
export function assertValidKey(key: string, { prefix = false } = {}): void {
  const segments = key.split('/');
  if (prefix && segments.at(-1) === '') segments.pop();
  if (segments.length === 0 || !segments.every((segment) => SEGMENT.test(segment))) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** Reads a small object whole (logos, posters, chat photos); null when missing or over `maxBytes`. */
export async function readObjectBytes(
  store: ObjectStore,
  key: string,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<Buffer | null> {
  const object = await store.get(key);
  if (!object) return null;
  if (object.size > maxBytes) {
    object.body.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
