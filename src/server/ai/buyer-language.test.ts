import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countHanVariants } from '#server/text/han-script.ts';
import { hanShare } from '#server/text/to-english.ts';
import {
  addDocuments,
  createTestApp,
  newCard,
  signUp,
  type TestApp,
  visitorChat,
} from '#server/test/test-app.ts';

/*
 * Every buyer understood, without a language model, through the HTTP API: a pump maker whose
 * catalogue and FAQ are English and whose profile, price list and terms are Chinese (the
 * fixtures/pumps set). An English, Spanish or Russian buyer gets the Chinese facts stated in
 * English with the original below; a Hong Kong buyer asking in Cantonese gets Traditional
 * characters; two documents that disagree are both quoted.
 */

let t: TestApp;
let cardId: number;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUp(t);
  cardId = await newCard(t, owner.cookie);
  await addDocuments(
    t,
    owner.cookie,
    cardId,
    ['catalogue-en.txt', 'faq-en.txt', 'profile-zh.txt', 'price-list-zh.csv', 'terms-zh.txt'].map(
      (name) => `pumps/${name}`,
    ),
  );
}, 180_000);
afterAll(() => t.close());

async function ask(message: string, language = 'en') {
  return (await visitorChat(t, cardId, language)).ask(message);
}

describe('a fact only in a Chinese document, asked in another language', () => {
  it.each([
    ['What is the price of the QB70 pump?', /unit price USD 46\b/],
    ['What is your annual production capacity?', /800,000 units/],
    ['Who is your export manager?', /Chen Lixin \(陈立新\)/],
    ['¿Cuál es el precio del QB70?', /unit price USD 46\b/],
    ['Какая цена насоса QB60?', /unit price USD 38\b/],
  ])('%s → stated in English, the original below', async (question, fact) => {
    const answer = await ask(question);
    expect(answer.message).toMatch(fact);
    expect(answer.message).toMatch(/^Original \(Chinese\): .*\p{Script=Han}/mu);
    expect(hanShare(answer.message)).toBeLessThanOrEqual(1 / 3);
    expect(answer.citations.length).toBeGreaterThan(0);
  });

  it('a Chinese page does not make a Russian question Chinese', async () => {
    const answer = await ask('Какая цена насоса QB60?', 'zh-CN');
    expect(answer.message).toMatch(/USD 38/);
    expect(hanShare(answer.message)).toBeLessThanOrEqual(1 / 3);
  });
});

describe('Cantonese and Hong Kong phrasing', () => {
  it.each([
    ['QB60 水泵幾錢一台？', /38/],
    ['付款方式係點？', /30%/],
  ])('%s → the fact, in Traditional characters', async (question, fact) => {
    const answer = await ask(question, 'en');
    expect(answer.message).toMatch(fact);
    expect(countHanVariants(answer.message).simplified).toBe(0);
    expect(answer.citations.length).toBeGreaterThan(0);
  });
});

describe('rows and lists', () => {
  it('a spreadsheet row is one sentence with its headers, not raw cells', async () => {
    const answer = await ask('QB70的单价是多少？', 'zh-CN');
    expect(answer.message).toContain('QB70 旋涡泵：单价 46 美元；起订量 100台');
    expect(answer.message).not.toContain(' · ');
  });

  it('a terms answer keeps to the term asked, without a table header', async () => {
    const answer = await ask('What are your payment terms?');
    expect(answer.message).toMatch(/30% deposit/);
    expect(answer.message).not.toMatch(/warranty|lead time/i);
    expect(answer.message).not.toContain('型号');
  });
});

describe('two documents that disagree', () => {
  it('gives both values, each with its source', async () => {
    const answer = await ask('Do you provide free samples?');
    expect(answer.message).toMatch(/differ/);
    expect(answer.message).toMatch(/free for distributors/);
    expect(answer.message).toMatch(/1\.5/);
    expect(new Set(answer.citations.map((c) => c.documentName))).toEqual(
      new Set(['faq-en.txt', 'terms-zh.txt']),
    );
  });

  it('two lines that agree, or are about another term, are not called a disagreement', async () => {
    const answer = await ask('交貨期要幾耐？', 'zh-TW');
    expect(answer.message).toMatch(/30/);
    expect(answer.message).not.toMatch(/不一/);
  });
});
