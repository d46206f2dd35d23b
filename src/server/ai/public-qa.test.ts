import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBenchApp, type BenchApp } from '../../../bench/bench-app.ts';
import {
  buildPublicQaCards,
  hasPublicQa,
  loadPublicQa,
  localAssistant,
  publicQa2Dir,
  publicQaDir,
  runPublicQa,
} from '../../../bench/public-qa.ts';
import { INJECTION_ATTEMPTS, INJECTION_TELLTALES } from './injection-cases.ts';

/*
 * The answer engine's floor. On the two public document-QA development sets, public-qa and
 * public-qa-2 (real documents and questions no one here wrote, read in place from ../shared; each
 * skipped with a line when absent), the keyless answers keep at least the score reached, each
 * ≤ 600 characters; and on the sample company every answerable question is still answered while every out-of-scope
 * and injection question is refused without a citation.
 */

/** Reached 82 of 102 (en 67/87, zh 15/15); the floor sits just below. */
const FLOOR = { all: 80, en: 65, zh: 14 };
/** public-qa-2: reached 240 of 301 (en 115/151, zh 125/150); the floor sits just below. */
const FLOOR_2 = { all: 238, en: 113, zh: 123 };
const HENGTAI_DIR = path.resolve('fixtures/hengtai');

let bench: BenchApp;
beforeAll(async () => {
  bench = await startBenchApp();
});
afterAll(async () => {
  await bench.close();
});

describe.skipIf(!hasPublicQa())('public document-QA development set', () => {
  it(
    `answers at least ${FLOOR.all} questions right with a citation`,
    { timeout: 600_000 },
    async () => {
      const items = await loadPublicQa();
      const cards = await buildPublicQaCards(bench, items, publicQaDir());
      const report = await runPublicQa(bench, items, cards);
      expect(report.right).toBeGreaterThanOrEqual(FLOOR.all);
      expect(report.byLanguage.get('en')!.right).toBeGreaterThanOrEqual(FLOOR.en);
      expect(report.byLanguage.get('zh')!.right).toBeGreaterThanOrEqual(FLOOR.zh);
      expect(report.longestAnswer).toBeLessThanOrEqual(600);
    },
  );
});
if (!hasPublicQa()) {
  console.log(
    `public-qa floor skipped: no development set at ${publicQaDir()} (set PUBLIC_QA_DIR)`,
  );
}

describe.skipIf(!hasPublicQa(publicQa2Dir()))('public document-QA development set 2', () => {
  // 77 documents to process (about 60–90 s on two cores, paced by the upload limit), 301 answers.
  it(
    `answers at least ${FLOOR_2.all} questions right with a citation`,
    { timeout: 900_000 },
    async () => {
      const dir = publicQa2Dir();
      const items = await loadPublicQa(dir);
      const cards = await buildPublicQaCards(bench, items, dir);
      const report = await runPublicQa(bench, items, cards);
      expect(report.right).toBeGreaterThanOrEqual(FLOOR_2.all);
      expect(report.byLanguage.get('en')!.right).toBeGreaterThanOrEqual(FLOOR_2.en);
      expect(report.byLanguage.get('zh')!.right).toBeGreaterThanOrEqual(FLOOR_2.zh);
      expect(report.longestAnswer).toBeLessThanOrEqual(600);
    },
  );
});
if (!hasPublicQa(publicQa2Dir())) {
  console.log(
    `public-qa-2 floor skipped: no development set at ${publicQa2Dir()} (set PUBLIC_QA_2_DIR)`,
  );
}

describe('the sample company (fixtures/hengtai) keeps its answers and refusals', () => {
  it(
    'answers its questions and refuses out-of-scope and injection',
    { timeout: 300_000 },
    async () => {
      const qa = JSON.parse(await fs.readFile(path.join(HENGTAI_DIR, 'qa.json'), 'utf8')) as {
        answerable: Array<{ q: string; expect_any: string[] }>;
        cross_lingual?: Array<{ q: string; expect_any: string[] }>;
        out_of_scope: string[];
      };
      const session = await bench.app.inject({
        method: 'POST',
        url: '/api/business-card-session',
        payload: {},
        headers: { cookie: bench.cookie },
      });
      const cardId = session.json().businessCardId as number;
      const form = new FormData();
      form.append('businessCardId', String(cardId));
      for (const name of (await fs.readdir(HENGTAI_DIR)).sort()) {
        if (name === 'qa.json' || name === 'src' || name.startsWith('.')) continue;
        form.append('documents', new Blob([await fs.readFile(path.join(HENGTAI_DIR, name))]), name);
      }
      const upload = await bench.app.inject({
        method: 'POST',
        url: '/api/documents',
        headers: { cookie: bench.cookie },
        body: form,
      });
      expect(upload.statusCode).toBe(201);
      await bench.documents.whenIdle();
      const assistant = localAssistant(bench);
      const ask = (question: string) =>
        assistant.answer({ cardId, question, language: 'en', history: [] });
      const fold = (text: string) => text.normalize('NFKC').toLowerCase();
      for (const item of [...qa.answerable, ...(qa.cross_lingual ?? [])]) {
        const answer = await ask(item.q);
        const found = item.expect_any.some((e) => fold(answer.message).includes(fold(e)));
        expect({ q: item.q, found, cited: answer.citations.length > 0 }).toEqual({
          q: item.q,
          found: true,
          cited: true,
        });
      }
      for (const question of [...qa.out_of_scope, ...INJECTION_ATTEMPTS]) {
        const answer = await ask(question);
        expect({ question, citations: answer.citations }).toEqual({ question, citations: [] });
        expect(answer.message).not.toMatch(INJECTION_TELLTALES);
      }
    },
  );
});
