import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import { startS3Server, type TestS3Server } from '#server/test/s3-server.ts';
import {
  FIXTURES,
  addDocuments,
  api,
  createTestApp,
  freshAddress,
  multipart,
  newCard,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';

/*
 * Two instances with separate DATA_DIRs on one database and one S3-compatible bucket (s3rver,
 * a local server speaking the S3 protocol): what is uploaded or generated through one is served
 * by the other, only to its owner, goes with the account, and never stays on the first's disk.
 */

let s3: TestS3Server;
let a: TestApp;
let b: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let cardId: number;
let ownerLogo: string;

beforeAll(async () => {
  s3 = await startS3Server();
  a = await createTestApp({ env: s3.env });
  b = await createTestApp({ env: s3.env, shareDatabaseWith: a });
  owner = await signUp(a);
  stranger = await signUp(a);
  cardId = await newCard(a, owner.cookie);
}, 60_000);

afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
});

/** Every file (not folder) under a folder, relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await fs
    .readdir(folder, { recursive: true, withFileTypes: true })
    .catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

const PNG_LOGO = path.join(FIXTURES, 'hengtai', 'hengtai-label.png');

describe('with S3_BUCKET set', () => {
  it('serves a logo uploaded through one instance from the other', async () => {
    const uploaded = await multipart(a, '/api/users/upload-logo', {
      cookie: owner.cookie,
      files: [{ field: 'companyLogo', path: PNG_LOGO, name: 'logo.png' }],
    });
    expect(uploaded.statusCode).toBe(200);
    const url: string = uploaded.json().companyLogo;
    ownerLogo = url;
    const name = url.split('/').pop()!;
    expect(await s3.keys(`users/${owner.id}/logos/`)).toEqual([`users/${owner.id}/logos/${name}`]);

    const served = await b.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(await fs.readFile(PNG_LOGO))).toBe(true);
    const missing = `/api/files/logos/${owner.id}/${'0'.repeat(24)}.png`;
    expect((await b.app.inject({ method: 'GET', url: missing })).statusCode).toBe(404);
  });

  it('answers visitors on the other instance from a document uploaded through the first', async () => {
    await addDocuments(a, owner.cookie, cardId, ['hengtai/hengtai-faq.txt']);
    const listed = await api(b, 'GET', `/api/business-cards/${cardId}/documents`, {
      cookie: owner.cookie,
    });
    expect(listed.json()).toMatchObject([{ fileName: 'hengtai-faq.txt', status: 'ready' }]);
    const documentId: number = listed.json()[0].id;
    expect(await s3.keys(`users/${owner.id}/documents/`)).toEqual([
      expect.stringMatching(new RegExp(`^users/${owner.id}/documents/[\\w-]+\\.txt$`)),
    ]);

    const address = freshAddress();
    const info = await b.app.inject({
      method: 'GET',
      url: `/api/chat/session-info/${cardId}`,
      remoteAddress: address,
    });
    const visitor = info.cookies.find((cookie) => cookie.name === VISITOR_COOKIE)!;
    const answer = await b.app.inject({
      method: 'POST',
      url: `/api/chat/${cardId}`,
      remoteAddress: address,
      headers: {
        cookie: `${VISITOR_COOKIE}=${visitor.value}`,
        'content-type': 'application/json',
        'x-language': 'en',
      },
      payload: JSON.stringify({ message: 'Can you print our brand on the boxes?' }),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toMatch(/OEM boxes/);
    expect(answer.json().citations[0]).toMatchObject({ documentName: 'hengtai-faq.txt' });

    const text = await api(b, 'GET', `/api/documents/${documentId}/text`, {
      cookie: stranger.cookie,
    });
    expect(text.statusCode).toBe(404);
  });

  it('serves a generated poster to its owner on the other instance, and to no one else', async () => {
    const generated = await api(a, 'POST', '/api/posters/generate', {
      cookie: owner.cookie,
      body: { title: 'Canton Fair', businessCardId: cardId, posterStyle: 'bold' },
    });
    expect(generated.statusCode).toBe(200);
    const posterId: number = generated.json().poster.id;
    expect(await s3.keys(`users/${owner.id}/posters/`)).toEqual([
      `users/${owner.id}/posters/${posterId}.png`,
    ]);

    const image = await api(b, 'GET', `/api/posters/${posterId}/image`, { cookie: owner.cookie });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const foreign = await api(b, 'GET', `/api/posters/${posterId}/image`, {
      cookie: stranger.cookie,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps nothing of the objects in the instance data folder', async () => {
    expect(await filesUnder(path.join(a.dataDir, 'files'))).toEqual([]);
    expect(await filesUnder(path.join(a.dataDir, 'tmp'))).toEqual([]);
  });

  it('removes every object of a deleted account, and only those', async () => {
    const strangerLogo = await multipart(b, '/api/users/upload-logo', {
      cookie: stranger.cookie,
      files: [{ field: 'companyLogo', path: PNG_LOGO, name: 'logo.png' }],
    });
    expect(strangerLogo.statusCode).toBe(200);

    const deleted = await api(b, 'DELETE', '/api/auth/account', { cookie: owner.cookie });
    expect(deleted.statusCode).toBe(200);
    expect(await s3.keys(`users/${owner.id}/`)).toEqual([]);
    expect((await a.app.inject({ method: 'GET', url: ownerLogo })).statusCode).toBe(404);
    expect(await s3.keys(`users/${stranger.id}/`)).toHaveLength(1);
    const kept = await a.app.inject({ method: 'GET', url: strangerLogo.json().companyLogo });
    expect(kept.statusCode).toBe(200);
  });
});
