import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import { translate } from '#server/lib/i18n.ts';
import { labelPhoto } from '#server/test/label-photo.ts';
import {
  createTestApp,
  freshAddress,
  multipart,
  newCard,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';

/*
 * A buyer at a fair photographs a product's nameplate and asks about it (POST
 * /api/chat/image/:id): the model code read on the photo is searched with the typed words, and
 * the typed words alone decide the answer's language. A photo that cannot be read, sent without
 * a question of its own, is answered with a request for a sharper photo or the model number.
 */

let t: TestApp;
let cardId: number;

const PRICE_LIST = [
  'Model,Description,Power,Flow (m3/h),Head (m),FOB price (USD)',
  '4SD8-18,Deep well pump,2.2 kW,8,120,USD 368',
  '4SD8-26,Deep well pump,3 kW,8,175,USD 426',
  '4SD12-20,Deep well pump,4 kW,12,150,USD 512',
  'QB60,Peripheral pump,0.37 kW,2.1,30,USD 39',
].join('\n');

const TERMS = [
  'Trade terms',
  'MOQ: 20 units per model.',
  'Payment: 30% T/T deposit, balance before shipment.',
].join('\n');

/**
 * A pump's nameplate as a buyer photographs it, in Chinese and English: the model among figures,
 * a serial number, a date, the maker and its phone number.
 */
const NAMEPLATE = labelPhoto([
  { text: '深井潜水泵 DEEP WELL PUMP', size: 44, bold: true },
  { text: '型号 MODEL 4SD8-26', size: 40 },
  '功率 3 kW   电压 380V   频率 50Hz',
  '流量 8 m³/h   扬程 175 m',
  '出厂编号 No. 20240315-0087   出厂日期 2024-03',
  '台州华力泵业有限公司   Tel 0576-86123456',
  { text: '中国制造', size: 40 },
]);

/** A plate with nothing printed on it: no legible text at all. */
const BLANK = labelPhoto([]);

beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUp(t);
  cardId = await newCard(t, owner.cookie);
  const upload = await multipart(t, '/api/documents', {
    cookie: owner.cookie,
    fields: { businessCardId: String(cardId) },
    files: [
      { field: 'documents', name: 'price-list.csv', content: PRICE_LIST },
      { field: 'documents', name: 'terms.txt', content: TERMS },
    ],
  });
  expect(upload.statusCode).toBe(201);
  await t.documents.whenIdle();
}, 120_000);
afterAll(() => t.close());

/** A buyer's phone with its interface in `language`. */
async function buyer(language: 'en' | 'zh-CN' | 'zh-TW') {
  const address = freshAddress();
  const info = await t.app.inject({
    method: 'GET',
    url: `/api/chat/session-info/${cardId}`,
    remoteAddress: address,
  });
  const cookie = `${VISITOR_COOKIE}=${info.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
  const headers = { cookie, 'content-type': 'application/json', 'x-language': language };
  return {
    async ask(image: string, message?: string) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/chat/image/${cardId}`,
        remoteAddress: address,
        headers,
        payload: JSON.stringify({ image, imageType: 'image/png', message }),
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ message: string; citations: Array<{ documentName: string }> }>();
    },
    async history() {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/chat/history/${cardId}`,
        headers: { cookie },
      });
      return response.json<{ messages: Array<{ role: string; content: string }> }>().messages;
    },
  };
}

/** The share of a text's letters that are Chinese characters. */
function hanShare(text: string): number {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters === 0 ? 0 : han / letters;
}

describe('a photographed nameplate with a question', () => {
  it('answers an English question with the model’s price and its source, in English', async () => {
    const visitor = await buyer('zh-CN');
    const answer = await visitor.ask(NAMEPLATE, 'What is this model and what does it cost?');
    expect(answer.message).toContain('426');
    expect(answer.citations[0]).toMatchObject({ documentName: 'price-list.csv' });
    expect(hanShare(answer.message)).toBeLessThanOrEqual(1 / 3);
    // The history shows what the buyer sent, not the text read on the photo.
    const history = await visitor.history();
    expect(history[0]).toMatchObject({
      role: 'user',
      content: '📷 What is this model and what does it cost?',
    });
  }, 60_000);

  it('answers a Chinese question in Chinese', async () => {
    const visitor = await buyer('en');
    const answer = await visitor.ask(NAMEPLATE, '这个型号多少钱？');
    expect(answer.message).toContain('426');
    expect(answer.citations.length).toBeGreaterThan(0);
    // The answer's own words (its first line, but for a document's name) are Chinese; the
    // quoted row is as written.
    const intro = answer.citations.reduce(
      (line, citation) => line.replaceAll(citation.documentName, ''),
      answer.message.split('\n')[0]!,
    );
    expect(hanShare(intro)).toBeGreaterThan(0.5);
  }, 60_000);

  it('answers a photo sent without words from the model on it', async () => {
    const visitor = await buyer('en');
    const answer = await visitor.ask(NAMEPLATE);
    expect(answer.message).toContain('426');
    expect(answer.citations[0]).toMatchObject({ documentName: 'price-list.csv' });
    expect((await visitor.history())[0]).toMatchObject({ role: 'user', content: '📷' });
  }, 60_000);
});

describe('a photo that cannot be read', () => {
  it('asks for a sharper photo or the model number, in the question’s language', async () => {
    const visitor = await buyer('zh-CN');
    const answer = await visitor.ask(BLANK, 'what is this?');
    expect(answer).toMatchObject({
      message: translate('en', 'assistant.photoUnreadable'),
      citations: [],
    });
  }, 60_000);

  it('asks in the interface language when nothing was typed', async () => {
    const visitor = await buyer('zh-CN');
    const answer = await visitor.ask(BLANK);
    expect(answer).toMatchObject({
      message: translate('zh-CN', 'assistant.photoUnreadable'),
      citations: [],
    });
    expect(answer.message).not.toBe(translate('en', 'assistant.photoUnreadable'));
  }, 60_000);

  it('answers a question that stands on its own', async () => {
    const visitor = await buyer('en');
    const answer = await visitor.ask(BLANK, 'What is your MOQ?');
    expect(answer.message).toContain('20 units');
    expect(answer.citations[0]).toMatchObject({ documentName: 'terms.txt' });
  }, 60_000);
});
