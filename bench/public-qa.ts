import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createAssistant, type Answer, type Assistant } from '#server/ai/assistant.ts';
import { startFakeOpenAi, type FakeOpenAi } from '#server/ai/test-support/fake-openai.ts';
import type { BenchApp } from './bench-app.ts';
import { percentile } from './stats.ts';

/*
 * The public document-QA development set: real documents and benchmark questions that
 * no one here wrote, read in place from ../shared/fixtures/public-qa (third-party data, never
 * copied into the repository). One card per document is built through the real app (upload
 * over the API, the document processor, the index); every question is asked with the local
 * provider, and, in provider mode, through a local OpenAI-compatible server that records the
 * excerpts it is sent. Used by `npm run eval -- --set public-qa` (and `public-qa-2`) and by
 * the floor test.
 */

export interface PublicQaItem {
  doc: string;
  q: string;
  expect: string[];
  lang: 'en' | 'zh';
  /** Where the question comes from, e.g. "OHR-Bench data/qas.json ID=… (doc_name manual/…)". */
  source?: string;
}

/** What kind of document a question is asked on; the eval reports each kind. */
export type DocumentType =
  'manual' | 'filing' | 'quarterly report' | 'contract' | 'case text' | 'other';

export interface PublicQaResult {
  item: PublicQaItem;
  answer: Answer;
  right: boolean;
  ms: number;
}

export interface PublicQaReport {
  results: PublicQaResult[];
  right: number;
  byLanguage: Map<string, { right: number; total: number }>;
  byType: Map<DocumentType, { right: number; total: number }>;
  byDocument: Map<string, { right: number; total: number }>;
  p95: number;
  longestAnswer: number;
}

/** Where the set lives: PUBLIC_QA_DIR, else ../shared/fixtures/public-qa beside the checkout. */
export function publicQaDir(): string {
  return process.env.PUBLIC_QA_DIR ?? path.resolve(process.cwd(), '../shared/fixtures/public-qa');
}

/** The second, larger development set (77 documents, half of the questions Chinese). */
export function publicQa2Dir(): string {
  return (
    process.env.PUBLIC_QA_2_DIR ?? path.resolve(process.cwd(), '../shared/fixtures/public-qa-2')
  );
}

export function hasPublicQa(dir = publicQaDir()): boolean {
  return fs.existsSync(path.join(dir, 'qa.json')) && fs.existsSync(path.join(dir, 'docs'));
}

export async function loadPublicQa(dir = publicQaDir()): Promise<PublicQaItem[]> {
  return JSON.parse(await fsp.readFile(path.join(dir, 'qa.json'), 'utf8')) as PublicQaItem[];
}

/**
 * The type an item's `source` names, or undefined when it names none. The benchmark says what it
 * asked on: CJRC → case text; OHR-Bench's doc_name domain finance/manual/law → filing, manual,
 * contract; FinanceBench → filing; Loong → its Chinese company reports (a Chinese question) are
 * quarterly reports, its English ones US 10-Q filings. MMLongBench-Doc (mixed documents) names
 * none: its document decides.
 */
function typeFromSource(item: PublicQaItem): DocumentType | undefined {
  const source = item.source ?? '';
  if (/^CJRC\b/.test(source)) return 'case text';
  if (/^FinanceBench\b/.test(source)) return 'filing';
  if (/^Loong\b/.test(source)) return item.lang === 'zh' ? 'quarterly report' : 'filing';
  const domain = /^OHR-Bench\b.*\bdoc_name (\w+)\//.exec(source)?.[1];
  if (domain === 'finance') return 'filing';
  if (domain === 'manual') return 'manual';
  if (domain === 'law') return 'contract';
  return domain ? 'other' : undefined;
}

/** Otherwise the file name: SEC filing names (`_10K`, `_10-Q`), `-report-zh`, other PDFs guides. */
function typeFromName(doc: string): DocumentType {
  if (/[_-]10-?[KQ](?![a-z0-9])/i.test(doc)) return 'filing';
  if (/-report-zh\.\w+$/i.test(doc)) return 'quarterly report';
  if (/\.pdf$/i.test(doc)) return 'manual';
  return 'other';
}

/**
 * One type per document: the first type the sources of its items name, else its file name's.
 * (A document MMLongBench-Doc and OHR-Bench both ask on takes OHR-Bench's word for all its items.)
 */
export function documentTypes(items: readonly PublicQaItem[]): Map<string, DocumentType> {
  const fromSources = new Map<string, DocumentType>();
  for (const item of items) {
    const type = typeFromSource(item);
    if (type && !fromSources.has(item.doc)) fromSources.set(item.doc, type);
  }
  return new Map(
    items.map((item) => [item.doc, fromSources.get(item.doc) ?? typeFromName(item.doc)]),
  );
}

const CJK = '\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef';
const CJK_SPACE = new RegExp(`(?<=[${CJK}]) (?=[${CJK}])`, 'gu');

/** The set's normalisation (README, verify.py): NFKC, lower case, quotes and dashes folded... */
export function normalizeForMatch(text: string): string {
  let s = text.normalize('NFKC').toLowerCase();
  for (const [from, to] of [
    ['\u2019', "'"],
    ['\u2018', "'"],
    ['\u201c', '"'],
    ['\u201d', '"'],
    ['\u2013', '-'],
    ['\u2014', '-'],
    ['\u2212', '-'],
  ] as const) {
    s = s.split(from).join(to);
  }
  s = s.replace(/(?<=\d),(?=\d{3}\b)/g, '');
  s = s.replace(/\s+/g, ' ');
  s = s.replace(CJK_SPACE, '');
  return s.trim();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** ...and an alphanumeric expect string may not sit inside a longer number or word. */
export function containsFact(text: string, expect: string): boolean {
  const e = normalizeForMatch(expect);
  if (!e) return false;
  let pattern = escape(e);
  if (/^[0-9a-z]/.test(e)) pattern = `(?<![0-9a-z.])${pattern}`;
  if (/[0-9a-z]$/.test(e)) pattern += '(?![0-9a-z]|\\.\\d)';
  return new RegExp(pattern, 'u').test(normalizeForMatch(text));
}

/** Uploads one document into a new card of the bench owner and waits until it is processed. */
async function cardWithDocument(bench: BenchApp, file: string): Promise<number> {
  const session = await bench.app.inject({
    method: 'POST',
    url: '/api/business-card-session',
    payload: {},
    headers: { cookie: bench.cookie },
  });
  const cardId = session.json().businessCardId as number;
  const form = new FormData();
  form.append('businessCardId', String(cardId));
  form.append('documents', new Blob([await fsp.readFile(file)]), path.basename(file));
  const send = () =>
    bench.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { cookie: bench.cookie },
      body: form,
    });
  let upload = await send();
  // A set larger than the upload limit (60 a minute) paces itself: it waits as told, then sends.
  while (upload.statusCode === 429) {
    const seconds = Number(upload.headers['retry-after'] ?? 5);
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, seconds) * 1000));
    upload = await send();
  }
  if (upload.statusCode !== 201) {
    throw new Error(
      `upload of ${path.basename(file)} refused (${upload.statusCode}): ${upload.body}`,
    );
  }
  return cardId;
}

/** One card per document of the set (processed), keyed by document name. */
export async function buildPublicQaCards(
  bench: BenchApp,
  items: readonly PublicQaItem[],
  dir = publicQaDir(),
): Promise<Map<string, number>> {
  const cards = new Map<string, number>();
  for (const doc of [...new Set(items.map((item) => item.doc))]) {
    cards.set(doc, await cardWithDocument(bench, path.join(dir, 'docs', doc)));
  }
  await bench.documents.whenIdle();
  return cards;
}

function tally<K extends string>(
  map: Map<K, { right: number; total: number }>,
  key: K,
  right: boolean,
): void {
  const entry = map.get(key) ?? { right: 0, total: 0 };
  entry.total++;
  if (right) entry.right++;
  map.set(key, entry);
}

/** A keyless assistant, whatever keys the environment has. */
export function localAssistant(bench: BenchApp): Assistant {
  const { config } = bench.ctx;
  return createAssistant({
    ...bench.ctx,
    config: {
      ...config,
      openai: { ...config.openai, apiKey: undefined },
      deepseek: { ...config.deepseek, apiKey: undefined },
    },
  });
}

/** Asks every question of the set with the local provider: right = the fact and a citation. */
export async function runPublicQa(
  bench: BenchApp,
  items: readonly PublicQaItem[],
  cards: ReadonlyMap<string, number>,
): Promise<PublicQaReport> {
  const assistant = localAssistant(bench);
  const results: PublicQaResult[] = [];
  const byLanguage = new Map<string, { right: number; total: number }>();
  const byType = new Map<DocumentType, { right: number; total: number }>();
  const types = documentTypes(items);
  const byDocument = new Map<string, { right: number; total: number }>();
  for (const item of items) {
    const start = performance.now();
    const answer = await assistant.answer({
      cardId: cards.get(item.doc)!,
      question: item.q,
      language: item.lang === 'zh' ? 'zh-CN' : 'en',
      history: [],
    });
    const ms = performance.now() - start;
    const right =
      answer.citations.length > 0 && item.expect.some((e) => containsFact(answer.message, e));
    results.push({ item, answer, right, ms });
    tally(byLanguage, item.lang, right);
    tally(byType, types.get(item.doc)!, right);
    tally(byDocument, item.doc, right);
  }
  return {
    results,
    right: results.filter((r) => r.right).length,
    byLanguage,
    byType,
    byDocument,
    p95: percentile(
      results.map((r) => r.ms),
      95,
    ),
    longestAnswer: Math.max(0, ...results.map((r) => [...r.answer.message].length)),
  };
}

export interface RecallReport {
  /** Questions whose expected fact is inside the excerpts sent to the model. */
  inExcerpts: number;
  total: number;
  /** Largest prompt sent, in characters. */
  largestPrompt: number;
  misses: PublicQaItem[];
}

/**
 * Provider mode: every card is switched to `openai`, pointed at a local OpenAI-compatible server
 * that records each prompt; the share of questions whose fact is in what was sent.
 */
export async function runPublicQaRecall(
  bench: BenchApp,
  items: readonly PublicQaItem[],
  cards: ReadonlyMap<string, number>,
): Promise<RecallReport> {
  const fake: FakeOpenAi = await startFakeOpenAi();
  try {
    fake.respond({ kind: 'answer', text: 'NOT_IN_DOCUMENTS' });
    for (const cardId of new Set(cards.values())) {
      await bench.app.inject({
        method: 'PUT',
        url: `/api/business-cards/${cardId}/ai-model`,
        headers: { cookie: bench.cookie },
        payload: { selectedAiModel: 'openai' },
      });
    }
    const { config } = bench.ctx;
    const assistant = createAssistant({
      ...bench.ctx,
      config: { ...config, openai: { ...config.openai, apiKey: 'sk-eval', baseUrl: fake.baseUrl } },
    });
    let inExcerpts = 0;
    let largestPrompt = 0;
    const misses: PublicQaItem[] = [];
    for (const item of items) {
      const before = fake.requests.length;
      await assistant.answer({
        cardId: cards.get(item.doc)!,
        question: item.q,
        language: item.lang === 'zh' ? 'zh-CN' : 'en',
        history: [],
      });
      const sent = fake.requests
        .slice(before)
        .flatMap((request) => request.body.messages.map((message) => message.content))
        .join('\n');
      largestPrompt = Math.max(largestPrompt, sent.length);
      // The question itself is in the prompt too: look only at what the documents contributed.
      const withoutQuestion = sent.split(item.q).join(' ');
      if (item.expect.some((e) => containsFact(withoutQuestion, e))) inExcerpts++;
      else misses.push(item);
    }
    return { inExcerpts, total: items.length, largestPrompt, misses };
  } finally {
    await fake.close();
  }
}
