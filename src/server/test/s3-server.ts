import fs from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/*
 * A local S3-protocol server (s3rver, from the registry) on a free port with one bucket, and
 * the environment that points an app at it. Requests are recorded and the test's own client
 * lists the bucket, so what the app did is checked from the outside.
 */

const BUCKET = 'docucard-test';
/** s3rver's built-in account. */
const KEY = 'S3RVER';

export interface TestS3Server {
  env: Record<string, string>;
  /** Every request so far, as `METHOD /path?query`. */
  requests: string[];
  /** Keys stored under `prefix`, sorted. */
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3Server(): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'docucard-s3-'));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
  });
  return {
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    requests,
    async keys(prefix = '') {
      const listed = await client.send(
        new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }),
      );
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async close() {
      client.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
