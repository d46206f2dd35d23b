import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import { api, createTestApp, freshAddress, signUp, type TestApp } from '#server/test/test-app.ts';
import { uploadTo } from './test-support/card.ts';
import {
  buildPumpManual,
  isRightManualAnswer,
  type ManualQuestion,
  type PumpManual,
} from './test-support/pump-manual.ts';

/*
 * Model numbers in a 300-page manual. A generated pump manual (tables drawn
 * column by column, neighbouring models with other figures, every model named on many pages) is
 * uploaded through the API and processed; a buyer on a fresh phone asks each of 20 questions
 * through the chat endpoint. At least 18 must quote the line that holds the model's value, with
 * a citation.
 */

let t: TestApp;
let cardId: number;
let ownerCookie: string;
let manual: PumpManual;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUp(t);
  ownerCookie = owner.cookie;
  cardId = (
    await api(t, 'POST', '/api/business-card-session', { body: {}, cookie: owner.cookie })
  ).json().businessCardId;
  await api(t, 'POST', `/api/business-cards/${cardId}/finalize`, {
    body: {},
    cookie: owner.cookie,
  });
  manual = await buildPumpManual();
  await uploadTo(t, owner.cookie, cardId, [
    { field: 'documents', content: Buffer.from(manual.pdf), name: 'pump-manual.pdf' },
  ]);
}, 300_000);
afterAll(() => t.close());

/** A buyer's phone asking one question (its own address and visitor session). */
async function ask(question: ManualQuestion) {
  const address = freshAddress();
  const info = await t.app.inject({
    method: 'GET',
    url: `/api/chat/session-info/${cardId}`,
    remoteAddress: address,
  });
  const cookie = `${VISITOR_COOKIE}=${info.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
  const language = /\p{Script=Han}/u.test(question.q) ? 'zh-CN' : 'en';
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/chat/${cardId}`,
    remoteAddress: address,
    headers: { cookie, 'content-type': 'application/json', 'x-language': language },
    payload: JSON.stringify({ message: question.q }),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    message: string;
    citations: Array<{ documentName: string; page: number | null; excerpt: string }>;
  };
}

describe('a 300-page pump manual', () => {
  it('is processed into one ready document with every page', async () => {
    expect(manual.pages).toBe(300);
    const list = await api(t, 'GET', `/api/business-cards/${cardId}/documents`, {
      cookie: ownerCookie,
    });
    expect(list.json()).toMatchObject([{ fileName: 'pump-manual.pdf', status: 'ready' }]);
  });

  it(
    'answers at least 18 of 20 model-number questions with the right line and a citation',
    {
      timeout: 120_000,
    },
    async () => {
      const misses: string[] = [];
      let right = 0;
      for (const question of manual.questions) {
        const answer = await ask(question);
        if (isRightManualAnswer(question, answer)) {
          right++;
          expect(answer.citations[0]!.documentName).toBe('pump-manual.pdf');
          expect(answer.citations[0]!.page).toBeGreaterThan(0);
        } else {
          misses.push(`${question.q} (want ${question.expect[0]}) -> ${answer.message}`);
        }
      }
      if (misses.length > 0) console.log(`pump manual misses:\n${misses.join('\n')}`);
      expect(manual.questions).toHaveLength(20);
      expect(right).toBeGreaterThanOrEqual(18);
    },
  );
});
