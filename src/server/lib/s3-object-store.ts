import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '#server/config.ts';
import {
  assertValidKey,
  MissingObjectError,
  type ByteRange,
  type ObjectStore,
  type StoredObject,
} from './object-store.ts';
import { makePrivateDir, PRIVATE_FILE_MODE } from './private-fs.ts';

/*
 * Parts of 8 MB, two at a time: an upload buffers at most two parts of a file whatever its size
 * (S3's smallest part is 5 MB; a file below one part is a single PUT).
 */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/** DeleteObjects takes at most 1,000 keys per call. */
const DELETE_BATCH = 1000;

/** Objects in an S3-compatible bucket; `scratchDir` holds withLocalFile's temporary copies. */
export function createS3ObjectStore(settings: S3Config, scratchDir: string): ObjectStore {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Checksums only where S3 requires them: many S3-compatible stores refuse or mangle the
    // SDK's default aws-chunked trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  async function keysUnder(prefix: string): Promise<{ key: string; size: number }[]> {
    const found: { key: string; size: number }[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) found.push({ key: object.Key, size: object.Size ?? 0 });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found;
  }

  async function getObject(key: string, range?: ByteRange): Promise<StoredObject | null> {
    assertValidKey(key);
    try {
      const object = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    kind: 's3',

    async putFile(key, localPath, contentType) {
      assertValidKey(key);
      try {
        const upload = new Upload({
          client,
          params: { Bucket, Key: key, Body: createReadStream(localPath), ContentType: contentType },
          partSize: PART_BYTES,
          queueSize: PARTS_IN_FLIGHT,
        });
        await upload.done();
      } finally {
        await fs.rm(localPath, { force: true });
      }
    },

    async putBytes(key, bytes, contentType) {
      assertValidKey(key);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
    },

    async stat(key) {
      assertValidKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    get: getObject,

    async remove(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async removePrefix(prefix) {
      assertValidKey(prefix, { prefix: true });
      const keys = await keysUnder(prefix);
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: {
              Objects: keys.slice(i, i + DELETE_BATCH).map(({ key }) => ({ Key: key })),
              Quiet: true,
            },
          }),
        );
      }
    },

    async withLocalFile(key, readFile) {
      const object = await getObject(key);
      if (!object) throw new MissingObjectError(key);
      await makePrivateDir(scratchDir);
      const folder = await fs.mkdtemp(path.join(scratchDir, 'object-'));
      try {
        // The reader may go by the name's extension (LibreOffice, encodings), so keep it.
        const file = path.join(folder, path.posix.basename(key));
        await pipeline(object.body, createWriteStream(file, { mode: PRIVATE_FILE_MODE }));
        return await readFile(file);
      } finally {
        await fs.rm(folder, { recursive: true, force: true });
      }
    },

    async usedBytes() {
      return (await keysUnder('users/')).reduce((total, object) => total + object.size, 0);
    },

    async close() {
      client.destroy();
    },
  };
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return (
    error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404 ||
    // A Range past the end of an empty object.
    error.$metadata.httpStatusCode === 416
  );
}
