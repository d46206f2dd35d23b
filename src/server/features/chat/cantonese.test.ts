import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countHanVariants } from '#server/text/han-script.ts';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import {
  createTestApp,
  freshAddress,
  multipart,
  newCard,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';

/*
 * A buyer from Hong Kong asks in Cantonese ("幾錢", "係點") what the documents state
 * in standard written Chinese, and is answered in Traditional characters.
 */

const TERMS = `泵业有限公司 贸易条款

付款方式：30% 定金，发货前付清 70% 余款（T/T）。
交货期：收到定金后 25 天。
最小起订量：每个型号 100 台。
`;

let t: TestApp;
let cardId: number;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUp(t);
  cardId = await newCard(t, owner.cookie);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cantonese-'));
  await fs.writeFile(path.join(dir, 'terms-zh.txt'), TERMS);
  const response = await multipart(t, '/api/documents', {
    cookie: owner.cookie,
    fields: { businessCardId: String(cardId) },
    files: [
      { field: 'documents', path: path.join(dir, 'terms-zh.txt'), name: 'terms-zh.txt' },
      {
        field: 'documents',
        path: path.join(import.meta.dirname, '../../../../fixtures/office/prices-utf8-bom.csv'),
        name: 'prices.csv',
      },
    ],
  });
  expect(response.statusCode).toBe(201);
  await t.documents.whenIdle();
}, 120_000);
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function ask(message: string) {
  const address = freshAddress();
  const info = await t.app.inject({
    method: 'GET',
    url: `/api/chat/session-info/${cardId}`,
    remoteAddress: address,
  });
  const cookie = `${VISITOR_COOKIE}=${info.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/chat/${cardId}`,
    remoteAddress: address,
    headers: { cookie, 'content-type': 'application/json', 'x-language': 'en' },
    payload: JSON.stringify({ message }),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    message: string;
    citations: { documentName: string; excerpt: string }[];
  };
}

describe('a question in Cantonese', () => {
  it('付款方式係點？ is answered from the payment terms, in Traditional characters', async () => {
    const body = await ask('付款方式係點？');
    expect(body.citations.length).toBeGreaterThan(0);
    expect(body.citations[0]!.documentName).toBe('terms-zh.txt');
    expect(body.message).toContain('30%');
    expect(body.message).toContain('付款方式');
    expect(body.message).toContain('發貨前');
    expect(countHanVariants(body.message).simplified).toBe(0);
    // The citation quotes the document as written.
    expect(body.citations[0]!.excerpt).toContain('发货前');
  });

  it('QB60 水泵幾錢一台？ is answered with the price, in Traditional characters', async () => {
    const body = await ask('QB60 水泵幾錢一台？');
    expect(body.citations.length).toBeGreaterThan(0);
    expect(body.citations[0]!.documentName).toBe('prices.csv');
    expect(body.message).toContain('29.5');
    expect(countHanVariants(body.message).simplified).toBe(0);
  });

  it('is answered as its standard written equivalent is', async () => {
    const standard = await ask('付款方式是怎样？');
    expect(standard.citations[0]!.documentName).toBe('terms-zh.txt');
    const cantonese = await ask('交貨期要幾耐？');
    expect(cantonese.message).toContain('25');
    expect(cantonese.citations[0]!.documentName).toBe('terms-zh.txt');
  });
});
