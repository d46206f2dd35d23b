import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import { visitorSessions } from '#server/db/schema.ts';
import { storedFilesDir } from '#server/test/stored-files.ts';
import {
  createTestApp,
  freshAddress,
  multipart,
  newCard,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';

/*
 * Visitors cannot fill the disk: a chat photo is kept only once it decoded as a whole image,
 * and photos have budgets of their own — room per card, photos and bytes an hour per client
 * address (with or without a visitor cookie) and per visitor. This app's budgets are lowered
 * (the production values are in src/shared/limits.ts) so a few small photos reach them.
 */

const KIB = 1024;
const LIMITS = {
  chatPhotoStorageBytesPerCard: 64 * KIB,
  chatPhotoBytesPerCard: 10 * 1024 * KIB,
  chatPhotosPerAddress: 3,
  chatPhotoBytesPerAddress: 48 * KIB,
  chatPhotosPerVisitor: 2,
  chatPhotoBytesPerVisitor: 10 * 1024 * KIB,
};

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp({ limits: LIMITS });
  owner = await signUp(t);
});
afterAll(() => t.close());

/** Deterministic noise (it does not compress): a PNG of about 4 bytes a pixel. */
function noisePixels(width: number, height: number, seed = 7): Buffer {
  const data = Buffer.alloc(width * height * 4);
  let state = seed;
  for (let i = 0; i < data.length; i++) {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    data[i] = (i & 3) === 3 ? 255 : state >> 16;
  }
  return data;
}

function noisePng(side: number, seed?: number): Buffer {
  const png = new PNG({ width: side, height: side });
  png.data = noisePixels(side, side, seed);
  return PNG.sync.write(png);
}

function noiseJpeg(side: number): Buffer {
  return jpeg.encode({ width: side, height: side, data: noisePixels(side, side) }, 80).data;
}

/** A PNG's signature and a valid IHDR (64 × 64) followed by bytes that are no image at all. */
function pngHeaderThenJunk(): Buffer {
  const valid = noisePng(64);
  const signatureAndHeader = valid.subarray(0, 8 + 25);
  return Buffer.concat([signatureAndHeader, Buffer.alloc(4000, 0x5a)]);
}

/** A JPEG whose headers (sizes, tables, start of scan) are intact but whose scan is junk. */
function jpegWithJunkScan(): Buffer {
  const valid = noiseJpeg(64);
  const startOfScan = valid.indexOf(Buffer.from([0xff, 0xda]));
  const scanHeaderEnd = startOfScan + 2 + valid.readUInt16BE(startOfScan + 2);
  return Buffer.concat([
    valid.subarray(0, scanHeaderEnd),
    Buffer.alloc(3000, 0x55),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** Every file under the owner's chat photos (none when the folder does not exist). */
async function storedPhotos(): Promise<string[]> {
  const dir = storedFilesDir(t, owner.id, 'chat-photos');
  try {
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

function sessionsOf(cardId: number) {
  return t.ctx.db.select().from(visitorSessions).where(eq(visitorSessions.businessCardId, cardId));
}

/** POST /api/chat/image/:id from an address, with a visitor cookie or without one. */
function sendPhoto(
  cardId: number,
  image: Buffer,
  options: { address: string; cookie?: string; type?: string },
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/chat/image/${cardId}`,
    remoteAddress: options.address,
    headers: {
      'content-type': 'application/json',
      'x-language': 'en',
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    payload: JSON.stringify({
      image: image.toString('base64'),
      imageType: options.type ?? 'image/png',
    }),
  });
}

/** A visitor's cookie for the card, as the chat page gets it. */
async function visitorCookie(cardId: number): Promise<string> {
  const opened = await t.app.inject({
    method: 'GET',
    url: `/api/chat/session-info/${cardId}`,
    remoteAddress: freshAddress(),
  });
  expect(opened.statusCode).toBe(200);
  return `${VISITOR_COOKIE}=${opened.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
}

describe('a chat photo is kept only once it decoded as a whole image', () => {
  it('refuses a PNG header followed by junk with 422 and a readable message, storing nothing (no file, no session row)', async () => {
    const cardId = await newCard(t, owner.cookie);
    const before = await storedPhotos();
    const response = await sendPhoto(cardId, pngHeaderThenJunk(), { address: freshAddress() });
    expect(response.statusCode).toBe(422);
    expect(await storedPhotos()).toEqual(before);
    expect(await sessionsOf(cardId)).toEqual([]);
    expect(response.json()).toMatchObject({ code: 'UNPROCESSABLE' });
    expect(response.json().error).toMatch(/This photo could not be read/);
  });

  it('refuses a JPEG whose scan does not decode with 422, storing nothing (no file, no session row)', async () => {
    const cardId = await newCard(t, owner.cookie);
    const before = await storedPhotos();
    const response = await sendPhoto(cardId, jpegWithJunkScan(), {
      address: freshAddress(),
      type: 'image/jpeg',
    });
    expect(response.statusCode).toBe(422);
    expect(await storedPhotos()).toEqual(before);
    expect(await sessionsOf(cardId)).toEqual([]);
    expect(response.json().error).toMatch(/This photo could not be read/);
  });

  it('refuses a photo whose header claims more than 12 megapixels (413) before decoding it', async () => {
    const cardId = await newCard(t, owner.cookie);
    const header = noisePng(8).subarray(0, 8 + 25);
    header.writeUInt32BE(20_000, 16); // IHDR width
    header.writeUInt32BE(20_000, 20); // IHDR height
    const response = await sendPhoto(cardId, Buffer.concat([header, Buffer.alloc(2000)]), {
      address: freshAddress(),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toContain('the limit is 12 megapixels');
    expect(await sessionsOf(cardId)).toEqual([]);
  });

  it('refuses a PNG cut off halfway with 422, and still keeps a whole photo', async () => {
    const cardId = await newCard(t, owner.cookie);
    const whole = noisePng(32, 11);
    const cut = await sendPhoto(cardId, whole.subarray(0, whole.length >> 1), {
      address: freshAddress(),
    });
    expect(cut.statusCode).toBe(422);
    expect(await sessionsOf(cardId)).toEqual([]);

    const before = (await storedPhotos()).length;
    const kept = await sendPhoto(cardId, whole, { address: freshAddress() });
    expect(kept.statusCode).toBe(200);
    expect(await storedPhotos()).toHaveLength(before + 1);
  }, 60_000);
});

describe('chat photo budgets', () => {
  it('refuses a photo over the card’s photo storage budget (413, clear message) while the owner’s document upload still works', async () => {
    const cardId = await newCard(t, owner.cookie);
    const photo = noisePng(104); // ~43 KB: one fits in the card's 64 KiB, two do not
    expect(photo.length).toBeGreaterThan(32 * KIB);
    expect(photo.length).toBeLessThanOrEqual(LIMITS.chatPhotoBytesPerAddress);

    const cookie = await visitorCookie(cardId);
    const first = await sendPhoto(cardId, photo, { address: freshAddress(), cookie });
    expect(first.statusCode).toBe(200);
    const before = await storedPhotos();

    const second = await sendPhoto(cardId, noisePng(104, 3), { address: freshAddress() });
    expect(second.statusCode).toBe(413);
    expect(second.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(second.json().error).toContain('This card cannot take more photos');
    expect(second.json().error).toContain('64 KB');
    expect(await storedPhotos()).toEqual(before);

    // The photo's size is kept for the budget but never shown.
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/chat/history/${cardId}`,
      headers: { cookie },
    });
    const [sent] = history.json().messages;
    expect(sent.image).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(sent).not.toHaveProperty('imageBytes');

    // The owner's documents are not touched by the photo budget.
    const upload = await multipart(t, '/api/documents', {
      cookie: owner.cookie,
      fields: { businessCardId: String(cardId) },
      files: [{ field: 'documents', content: 'Pump spare parts price list', name: 'parts.txt' }],
    });
    expect(upload.statusCode).toBe(201);
  }, 60_000);

  it('counts photos per client address without a visitor cookie: the 4th photo an hour is refused (429), text messages still pass', async () => {
    const cardId = await newCard(t, owner.cookie);
    const address = freshAddress();
    for (let i = 0; i < LIMITS.chatPhotosPerAddress; i++) {
      const accepted = await sendPhoto(cardId, noisePng(8, 100 + i), { address });
      expect(accepted.statusCode).toBe(200);
    }
    const before = await storedPhotos();
    const refused = await sendPhoto(cardId, noisePng(8, 200), { address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json().error).toMatch(/Too many photos .* Please wait \d+ minutes/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedPhotos()).toEqual(before);
    // Each cookie-less photo made a new visitor; none was made for the refused one.
    expect(await sessionsOf(cardId)).toHaveLength(LIMITS.chatPhotosPerAddress);

    // The chat's message limit per address is not the photos' one.
    const text = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${cardId}`,
      remoteAddress: address,
      headers: { 'content-type': 'application/json', 'x-language': 'en' },
      payload: JSON.stringify({ message: 'Do you ship to Brazil?' }),
    });
    expect(text.statusCode).toBe(200);
  }, 60_000);

  it('counts photo bytes per client address without a visitor cookie: after one ~43 KB photo of a 48 KiB budget, a tiny one is refused (429)', async () => {
    const cardId = await newCard(t, owner.cookie);
    const address = freshAddress();
    expect((await sendPhoto(cardId, noisePng(104, 5), { address })).statusCode).toBe(200);
    const refused = await sendPhoto(cardId, noisePng(8, 6), { address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/Too many photos/);
    // Another address is not affected.
    expect((await sendPhoto(cardId, noisePng(8, 6), { address: freshAddress() })).statusCode).toBe(
      200,
    );
  }, 60_000);

  it('counts photos per visitor too, whatever address they come from: the 3rd is refused (429)', async () => {
    const cardId = await newCard(t, owner.cookie);
    const cookie = await visitorCookie(cardId);
    for (let i = 0; i < LIMITS.chatPhotosPerVisitor; i++) {
      const accepted = await sendPhoto(cardId, noisePng(8, 300 + i), {
        address: freshAddress(),
        cookie,
      });
      expect(accepted.statusCode).toBe(200);
    }
    const refused = await sendPhoto(cardId, noisePng(8, 400), { address: freshAddress(), cookie });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/Too many photos/);
  }, 60_000);
});
