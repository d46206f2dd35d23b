import { randomBytes } from 'node:crypto';
import type { AppContext } from '#server/context.ts';
import type { DocumentIntelligence } from '#server/ingest/intelligence.ts';
import { intelligenceOf } from './card-intelligence.ts';
import { redList, stripInjection, type RedListKeyword } from './guard.ts';
import { messagesFor } from './messages.ts';
import {
  createProviders,
  type ChatTurn,
  type GroundedQuestion,
  type ModelStatus,
  type Provider,
  type ProviderName,
  type Reply,
} from './provider.ts';
import { answerLocally, localProvider } from './providers/local.ts';
import type { CardIndex } from './retrieval.ts';
import { createIndexStore, type CardFacts } from './store.ts';
import { MAX_SUGGESTIONS, suggestionCandidates } from './suggested-questions.ts';
import { answerLanguage, type ChatLanguage } from '#server/text/language.ts';
import { analyseQuestion } from './text/question.ts';
import { photoQuestion } from './text/photo-question.ts';

/*
 * The grounded assistant of a card: answers only from the card's documents, with citations.
 *
 *   answer()/stream() -> card facts + index (store.ts) -> injection removed (guard.ts)
 *     -> the card's provider (provider.ts: its selected model when this server has its key,
 *        else the local engine) -> red list enforced on the result.
 *
 * Any failure of a provider (HTTP error, timeout, malformed answer, a stream that breaks)
 * gives the local answer with fellBack: true; the visitor never sees an error.
 */

export type { ChatLanguage } from '#server/text/language.ts';
export type { ChatTurn, ModelStatus, ProviderName } from './provider.ts';
export { textFromImage } from './image.ts';

export interface AnswerInput {
  cardId: number;
  /** What the visitor typed. Already length-checked (≤ 2000 characters) by the route. */
  question: string;
  /**
   * The visitor's interface language; a question clearly in another language is answered in its
   * own. Only the typed question decides it, never a photo's text.
   */
  language: ChatLanguage;
  /**
   * The text read on a photo the visitor sent with the question (OCR; '' when none was legible).
   * Its identifiers (model codes, part numbers) or a short readable part of it are searched
   * with the typed question (text/photo-question.ts).
   */
  photoText?: string;
  /** The visitor's last turns, oldest first, for follow-up questions. */
  history: ChatTurn[];
}

export interface Answer extends Reply {
  provider: ProviderName;
  /** The card's selected model could not answer (no key, error, timeout): local answered. */
  fellBack: boolean;
}

/**
 * A stream of an answer: text deltas, then 'done' with the complete answer. The deltas joined
 * equal done.answer.message, except when a provider fails mid-answer (the local answer follows
 * after a blank line) or a streamed answer is withdrawn by the red list: a client shows
 * done.answer.message as the final text.
 */
export type AnswerEvent = { type: 'delta'; text: string } | { type: 'done'; answer: Answer };

export interface Assistant {
  answer(input: AnswerInput): Promise<Answer>;
  stream(input: AnswerInput): AsyncIterable<AnswerEvent>;
  /** Which provider answers for this card now, and whether that is the local fallback. */
  providerFor(cardId: number): Promise<{ provider: ProviderName; fellBack: boolean }>;
  /** Every model a card can choose, and whether this server can call it. */
  models(): ModelStatus[];
  /** Drops the card's cached index (call after its documents change). */
  invalidate(cardId: number): void;
  /**
   * Three or four questions the card's documents answer (a product, a term, a certification
   * they contain), in the given language; each one is answered locally with a citation.
   */
  suggestedQuestions(cardId: number, language: ChatLanguage): Promise<string[]>;
  /**
   * What the card's documents say about the company (name, overview, products, trade terms,
   * certifications, contacts), each fact with its file and page; null when the card has no
   * ready document. Generators (posters, scripts, posts, starters) write from this.
   */
  intelligence(cardId: number): Promise<DocumentIntelligence | null>;
}

export interface AssistantOptions {
  /** fetch used by the provider SDK (tests point it anywhere; default: global fetch). */
  fetch?: typeof fetch;
  /** Time limit of a provider answer, and of each pause in a streamed one. Default 15 s. */
  timeoutMs?: number;
  /** Where provider failures are reported (they never reach the visitor). */
  log?: { warn(details: object, message: string): void };
}

const DEFAULT_TIMEOUT_MS = 15_000;

interface Prepared extends GroundedQuestion {
  cardId: number;
  exists: boolean;
  keywords: RedListKeyword[];
  /** A photo without legible text was sent with no question of its own: nothing to search. */
  photoUnreadable?: boolean;
}

/** Text in small pieces, as a stream of words would arrive. */
function* pieces(text: string): Generator<string> {
  const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
  let buffer = '';
  let words = 0;
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    buffer += segment;
    if (isWordLike) words++;
    if (words >= 3 && /\s$|[，。,.!?！？：:]$/u.test(buffer)) {
      yield buffer;
      buffer = '';
      words = 0;
    }
  }
  if (buffer) yield buffer;
}

function prepared(
  cardId: number,
  facts: CardFacts,
  index: CardIndex,
  asked: string,
  language: ChatLanguage,
  history: readonly ChatTurn[],
): Prepared {
  return {
    cardId,
    exists: facts.exists,
    asked,
    question: stripInjection(asked).question,
    language,
    history,
    previousQuestions: history.filter((turn) => turn.role === 'user').map((t) => t.content),
    index,
    companyName: facts.companyName,
    keywords: redList(facts.redListKeywords),
  };
}

/** "Not covered" in the visitor's language, or "ask us about <keyword>" for a red-listed topic. */
function decline(p: Prepared): Reply {
  const messages = messagesFor(p.language);
  const keyword = p.keywords.find((k) => k.matches(p.asked));
  return {
    message: keyword ? messages.redListed(keyword.keyword) : messages.notCovered,
    citations: [],
  };
}

/** Replies no provider is asked for: no documents, nothing but an injection, a greeting. */
function cannedReply(p: Prepared): Reply | null {
  const messages = messagesFor(p.language);
  if (!p.exists || p.index.size === 0) return { message: messages.noDocuments, citations: [] };
  if (p.photoUnreadable) return { message: messages.photoUnreadable, citations: [] };
  if (!p.question.trim()) return decline(p);
  if (analyseQuestion(p.question).isGreeting) {
    return { message: messages.greeting(p.companyName), citations: [] };
  }
  return null;
}

/** The red list on a finished reply: every keyword it or the question touches is cited. */
function enforceRedList(p: Prepared, reply: Reply): Reply {
  if (reply.citations.length === 0) return reply;
  for (const keyword of p.keywords) {
    if (!keyword.matches(p.asked) && !keyword.matches(reply.message)) continue;
    if (reply.citations.some((citation) => keyword.matches(citation.excerpt))) continue;
    return { message: messagesFor(p.language).redListed(keyword.keyword), citations: [] };
  }
  return reply;
}

/** What the visitor is shown for a provider's reply (null: the documents do not cover it). */
function finish(p: Prepared, reply: Reply | null): Reply {
  return reply ? enforceRedList(p, reply) : decline(p);
}

function localReply(p: Prepared): Reply {
  return cannedReply(p) ?? finish(p, answerLocally(p));
}

export function createAssistant(ctx: AppContext, options: AssistantOptions = {}): Assistant {
  const store = createIndexStore(ctx);
  const providers = createProviders(ctx.config, {
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    canary: `dc-${randomBytes(6).toString('hex')}`,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.log ? { log: options.log } : {}),
  });

  async function prepare(input: AnswerInput) {
    const [facts, index] = await Promise.all([
      store.cardFacts(input.cardId),
      store.indexFor(input.cardId),
    ]);
    const language = answerLanguage(input.question, input.language);
    // A photo's identifiers (or a readable part of its text) are searched with the typed words.
    const photo =
      input.photoText === undefined ? null : photoQuestion(input.question, input.photoText);
    const asked = photo ? photo.question : input.question;
    const p = prepared(input.cardId, facts, index, asked, language, input.history);
    if (photo?.unreadable && photo.pointsAtPhoto) p.photoUnreadable = true;
    return { p, ...providers.providerFor(facts) };
  }

  function report(error: unknown, p: Prepared, provider: Provider) {
    options.log?.warn(
      { err: error, cardId: p.cardId, provider: provider.name },
      'AI provider failed; answered locally',
    );
  }

  async function answer(input: AnswerInput): Promise<Answer> {
    const { p, provider, fellBack } = await prepare(input);
    const canned = cannedReply(p);
    if (canned) return { ...canned, provider: provider.name, fellBack };
    try {
      return { ...finish(p, await provider.answer(p)), provider: provider.name, fellBack };
    } catch (error) {
      report(error, p, provider);
      return { ...localReply(p), provider: 'local', fellBack: true };
    }
  }

  async function* stream(input: AnswerInput): AsyncGenerator<AnswerEvent> {
    const { p, provider, fellBack } = await prepare(input);
    const emit = function* (
      reply: Reply,
      answeredBy: Provider,
      fellBackNow: boolean,
      before = '',
    ): Generator<AnswerEvent> {
      for (const piece of pieces(before + reply.message)) yield { type: 'delta', text: piece };
      yield {
        type: 'done',
        answer: { ...reply, provider: answeredBy.name, fellBack: fellBackNow },
      };
    };
    const canned = cannedReply(p);
    if (canned) {
      yield* emit(canned, provider, fellBack);
      return;
    }
    let streamed = false;
    let reply: Reply | null = null;
    try {
      for await (const event of provider.stream(p)) {
        if (event.type === 'done') {
          reply = event.reply;
          break;
        }
        streamed = true;
        yield event;
      }
    } catch (error) {
      report(error, p, provider);
      yield* emit(localReply(p), localProvider, true, streamed ? '\n\n' : '');
      return;
    }
    const final = finish(p, reply);
    if (streamed) {
      yield { type: 'done', answer: { ...final, provider: provider.name, fellBack } };
    } else {
      yield* emit(final, provider, fellBack);
    }
  }

  /** Per index (new documents, new index) and language and red list: checked suggestions. */
  const suggestionCache = new WeakMap<CardIndex, Map<string, string[]>>();

  async function suggestedQuestions(cardId: number, language: ChatLanguage): Promise<string[]> {
    const [facts, index] = await Promise.all([store.cardFacts(cardId), store.indexFor(cardId)]);
    if (!facts.exists || index.size === 0) return [];
    const key = `${language}|${facts.redListKeywords.join('|')}`;
    let byKey = suggestionCache.get(index);
    const cached = byKey?.get(key);
    if (cached) return cached;
    const answered: string[] = [];
    for (const question of suggestionCandidates(index, language)) {
      if (answered.length >= MAX_SUGGESTIONS) break;
      const reply = localReply(prepared(cardId, facts, index, question, language, []));
      if (reply.citations.length > 0) answered.push(question);
    }
    if (!byKey) suggestionCache.set(index, (byKey = new Map()));
    byKey.set(key, answered);
    return answered;
  }

  return {
    answer,
    stream,
    suggestedQuestions,
    async providerFor(cardId) {
      const { provider, fellBack } = providers.providerFor(await store.cardFacts(cardId));
      return { provider: provider.name, fellBack };
    },
    models: () => providers.models(),
    invalidate(cardId) {
      store.invalidate(cardId);
    },
    async intelligence(cardId) {
      const index = await store.indexFor(cardId);
      return index.size === 0 ? null : intelligenceOf(index);
    },
  };
}
