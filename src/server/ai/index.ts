import { fitToBudget } from './context-budget.ts';
import { randomBytes } from 'node:crypto';
import type OpenAI from 'openai';
import type { AiProviderConfig } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import type { DocumentIntelligence } from '#server/ingest/intelligence.ts';
import { answerBroadQuestion } from './broad-questions.ts';
import { intelligenceOf } from './card-intelligence.ts';
import { redList, stripInjection, type RedListKeyword } from './guard.ts';
import { MAX_SUGGESTIONS, suggestionCandidates } from './suggested-questions.ts';
import {
  clip,
  composeAnswer,
  findAnswer,
  retrievePassages,
  type Citation,
  type ComposedAnswer,
} from './local.ts';
import { MarkerRewriter, rewriteMarkers } from './markers.ts';
import { messagesFor } from './messages.ts';
import {
  answerMessages,
  createClient,
  NOT_COVERED,
  rewriteQuestion,
  streamAnswerText,
  completeAnswer,
  type Excerpt,
} from './openai-compatible.ts';
import type { CardIndex } from './retrieval.ts';
import { createIndexStore, type CardFacts } from './store.ts';
import {
  analyseQuestion,
  answerLanguage,
  normalize,
  scriptFamily,
  termsOf,
  type ChatLanguage,
} from './text.ts';

/*
 * The grounded assistant of a card: answers only from the card's documents, with citations.
 *
 *   answer()/stream() -> card facts + index (store.ts) -> injection removed (guard.ts)
 *     -> the card's provider: OpenAI-compatible when its key is configured, else local
 *     -> red list enforced on the result.
 *
 * Any failure of a provider (no key, HTTP error, timeout, malformed answer, a stream that
 * breaks) gives the local answer with fellBack: true; the visitor never sees an error.
 */

export type { ChatLanguage } from './text.ts';
export type { Citation } from './local.ts';
export { textFromImage, type TextFromImageOptions } from './image.ts';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AnswerInput {
  cardId: number;
  /** Already length-checked (≤ 2000 characters) by the route. */
  question: string;
  /** The visitor's interface language; a question clearly in another language is answered in its own. */
  language: ChatLanguage;
  /** The visitor's last turns, oldest first, for follow-up questions. */
  history: ChatTurn[];
}

export type ProviderName = 'local' | 'openai' | 'deepseek';

export interface Answer {
  message: string;
  /** [] when the documents do not cover the question; the message then says so. */
  citations: Citation[];
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
/** Passages considered for a model (as many as AI_CONTEXT_TOKENS then allows are given). */
const PROVIDER_CANDIDATES = 16;
/** Earlier turns given to a model. */
const HISTORY_TURNS = 6;
const MAX_HISTORY_CHARS = 1_000;

interface ProviderChoice {
  provider: ProviderName;
  fellBack: boolean;
  settings?: AiProviderConfig & { apiKey: string; name: 'openai' | 'deepseek' };
}

interface Prepared {
  input: AnswerInput;
  facts: CardFacts;
  index: CardIndex;
  language: ChatLanguage;
  keywords: RedListKeyword[];
  /** The question without injection attempts ('' when nothing else was asked). */
  question: string;
  previousQuestions: string[];
}

type Reply = ComposedAnswer;

function choose(ctx: AppContext, facts: CardFacts): ProviderChoice {
  const model = facts.selectedAiModel;
  if (model !== 'openai' && model !== 'deepseek') return { provider: 'local', fellBack: false };
  const config = ctx.config[model];
  if (!config.apiKey) return { provider: 'local', fellBack: true };
  return {
    provider: model,
    fellBack: false,
    settings: { ...config, apiKey: config.apiKey, name: model },
  };
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

/** Holds back trailing whitespace, so the streamed text ends exactly where the answer does. */
class DeltaBuffer {
  private whitespace = '';
  private started = false;
  text = '';

  take(piece: string): string {
    let combined = this.whitespace + piece;
    if (!this.started) combined = combined.trimStart();
    const trailing = /\s+$/u.exec(combined)?.[0] ?? '';
    const out = combined.slice(0, combined.length - trailing.length);
    this.whitespace = trailing;
    if (out) this.started = true;
    this.text += out;
    return out;
  }
}

export function createAssistant(ctx: AppContext, options: AssistantOptions = {}): Assistant {
  const store = createIndexStore(ctx);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Written in the system prompt: an answer that contains it is leaking the prompt.
  const canary = `dc-${randomBytes(6).toString('hex')}`;
  const clients = new Map<string, OpenAI>();

  function clientFor(settings: NonNullable<ProviderChoice['settings']>): OpenAI {
    const key = `${settings.name}|${settings.baseUrl}|${settings.apiKey}`;
    let client = clients.get(key);
    if (!client) {
      client = createClient(settings, {
        timeoutMs,
        warn: (message) => options.log?.warn({ provider: settings.name }, message),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      clients.set(key, client);
    }
    return client;
  }

  async function prepare(input: AnswerInput): Promise<Prepared> {
    const [facts, index] = await Promise.all([
      store.cardFacts(input.cardId),
      store.indexFor(input.cardId),
    ]);
    return {
      input,
      facts,
      index,
      language: answerLanguage(input.question, input.language),
      keywords: redList(facts.redListKeywords),
      question: stripInjection(input.question).question,
      previousQuestions: input.history
        .filter((turn) => turn.role === 'user')
        .map((turn) => turn.content),
    };
  }

  function decline(p: Prepared): Reply {
    const messages = messagesFor(p.language);
    const keyword = p.keywords.find((k) => k.matches(p.input.question));
    return {
      message: keyword ? messages.redListed(keyword.keyword) : messages.notCovered,
      citations: [],
    };
  }

  /** Replies no model is asked for: no documents, nothing but an injection, a greeting. */
  function cannedReply(p: Prepared): Reply | null {
    const messages = messagesFor(p.language);
    if (!p.facts.exists || p.index.size === 0)
      return { message: messages.noDocuments, citations: [] };
    if (!p.question.trim()) return decline(p);
    if (analyseQuestion(p.question).isGreeting) {
      return { message: messages.greeting(p.facts.companyName), citations: [] };
    }
    return null;
  }

  /** The red list on a finished reply: every keyword it or the question touches is cited. */
  function enforceRedList(p: Prepared, reply: Reply): Reply {
    if (reply.citations.length === 0) return reply;
    for (const keyword of p.keywords) {
      if (!keyword.matches(p.input.question) && !keyword.matches(reply.message)) continue;
      if (reply.citations.some((citation) => keyword.matches(citation.excerpt))) continue;
      return { message: messagesFor(p.language).redListed(keyword.keyword), citations: [] };
    }
    return reply;
  }

  function localReply(p: Prepared): Reply {
    const canned = cannedReply(p);
    if (canned) return canned;
    // "What do you make?", "交货期和付款方式": a summary of the documents' facts, with sources.
    const broad = answerBroadQuestion(p.index, p.question, p.language);
    if (broad) return enforceRedList(p, broad);
    const outcome = findAnswer(p.index, p.question, {
      previousQuestions: p.previousQuestions,
      mustCite: p.keywords,
      family: p.language === 'en' ? 'en' : 'zh',
    });
    if (outcome.kind === 'not-covered') return decline(p);
    const reply = composeAnswer(p.index, outcome, p.question, p.language, {
      companyName: p.facts.companyName,
      keywords: p.keywords,
    });
    return enforceRedList(p, reply);
  }

  interface RemotePlan {
    client: OpenAI;
    model: string;
    chunkIndexes: number[];
    messages: ReturnType<typeof answerMessages>;
  }

  /** Retrieval for the model (with a rewrite of a question in another language). */
  async function planRemote(
    p: Prepared,
    settings: NonNullable<ProviderChoice['settings']>,
    signal: AbortSignal,
  ): Promise<RemotePlan | null> {
    const client = clientFor(settings);
    const questions = [p.question];
    const family = scriptFamily(p.question);
    if (p.index.family && family && family !== p.index.family) {
      questions.push(
        await rewriteQuestion(client, settings.model, p.question, p.index.family, signal),
      );
    }
    const fitted = fitToBudget(
      p.index,
      retrievePassages(p.index, questions, p.previousQuestions.at(-1), PROVIDER_CANDIDATES),
      ctx.config.aiContextTokens,
    );
    if (fitted.length === 0) return null;
    const chunkIndexes = fitted.map((item) => item.chunkIndex);
    const excerpts: Excerpt[] = fitted.map(({ chunkIndex, text }) => {
      const chunk = p.index.chunks[chunkIndex]!;
      return { documentName: chunk.fileName, page: chunk.page, text };
    });
    const history = p.input.history.slice(-HISTORY_TURNS).map((turn) => ({
      role: turn.role,
      content: turn.content.slice(0, MAX_HISTORY_CHARS),
    }));
    return {
      client,
      model: settings.model,
      chunkIndexes,
      messages: answerMessages({
        question: p.question,
        language: p.language,
        companyName: p.facts.companyName,
        excerpts,
        history,
        canary,
      }),
    };
  }

  /** The excerpt of a cited passage: its sentence closest to the answer (or to a keyword). */
  function excerptOf(p: Prepared, chunkIndex: number, answerText: string, needle?: RedListKeyword) {
    const units = p.index.unitsOf(chunkIndex);
    const answerTerms = new Set(termsOf(answerText));
    let best = units[0];
    let bestScore = -1;
    for (const unit of units) {
      if (needle && !needle.matches(unit.text)) continue;
      let score = 0;
      for (const term of unit.terms) if (answerTerms.has(term)) score++;
      if (score > bestScore) {
        best = unit;
        bestScore = score;
      }
    }
    const text = best?.text ?? p.index.chunks[chunkIndex]!.text;
    return clip(text, 240, needle ? [normalize(needle.keyword)] : []);
  }

  /** The visitor-facing reply from a model's (marker-rewritten) text. */
  function remoteReply(
    p: Prepared,
    plan: RemotePlan,
    raw: string,
    text: string,
    cited: number[],
  ): Reply {
    if (raw.includes(NOT_COVERED) || raw.includes(canary) || cited.length === 0) return decline(p);
    const citedChunks = cited.map((n) => plan.chunkIndexes[n - 1]!);
    const citations: Citation[] = citedChunks.map((chunkIndex) => {
      const chunk = p.index.chunks[chunkIndex]!;
      return {
        documentName: chunk.fileName,
        page: chunk.page,
        excerpt: excerptOf(p, chunkIndex, text),
      };
    });
    const message = text.trim();
    // Red-listed topics: the citation must show the keyword; a given passage may supply it.
    for (const keyword of p.keywords) {
      if (!keyword.matches(p.input.question) && !keyword.matches(message)) continue;
      if (citations.some((citation) => keyword.matches(citation.excerpt))) continue;
      const citedWithKeyword = citedChunks.findIndex((i) =>
        keyword.matches(p.index.chunks[i]!.text),
      );
      if (citedWithKeyword >= 0) {
        citations[citedWithKeyword]!.excerpt = excerptOf(
          p,
          citedChunks[citedWithKeyword]!,
          text,
          keyword,
        );
        continue;
      }
      const given = plan.chunkIndexes.find((i) => keyword.matches(p.index.chunks[i]!.text));
      if (given === undefined) return decline(p);
      const chunk = p.index.chunks[given]!;
      citations.push({
        documentName: chunk.fileName,
        page: chunk.page,
        excerpt: excerptOf(p, given, text, keyword),
      });
    }
    return enforceRedList(p, { message, citations });
  }

  function report(error: unknown, p: Prepared, provider: ProviderName) {
    options.log?.warn(
      { err: error, cardId: p.input.cardId, provider },
      'AI provider failed; answered locally',
    );
  }

  async function answer(input: AnswerInput): Promise<Answer> {
    const p = await prepare(input);
    const choice = choose(ctx, p.facts);
    if (!choice.settings) {
      return { ...localReply(p), provider: 'local', fellBack: choice.fellBack };
    }
    const canned = cannedReply(p);
    if (canned) return { ...canned, provider: choice.provider, fellBack: false };
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('provider timeout')), timeoutMs);
    try {
      const plan = await planRemote(p, choice.settings, controller.signal);
      if (!plan) return { ...decline(p), provider: choice.provider, fellBack: false };
      const raw = await completeAnswer(plan.client, plan.model, plan.messages, controller.signal);
      const { text, cited } = rewriteMarkers(raw, plan.chunkIndexes.length);
      return {
        ...remoteReply(p, plan, raw, text, cited),
        provider: choice.provider,
        fellBack: false,
      };
    } catch (error) {
      report(error, p, choice.provider);
      return { ...localReply(p), provider: 'local', fellBack: true };
    } finally {
      clearTimeout(timer);
    }
  }

  async function* stream(input: AnswerInput): AsyncGenerator<AnswerEvent> {
    const p = await prepare(input);
    const choice = choose(ctx, p.facts);
    const emitLocal = function* (fellBack: boolean, after = ''): Generator<AnswerEvent> {
      const reply = localReply(p);
      for (const piece of pieces(after + reply.message)) yield { type: 'delta', text: piece };
      yield { type: 'done', answer: { ...reply, provider: 'local', fellBack } };
    };
    if (!choice.settings) {
      yield* emitLocal(choice.fellBack);
      return;
    }

    const controller = new AbortController();
    let timer = setTimeout(() => controller.abort(new Error('provider timeout')), timeoutMs);
    const resetTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(new Error('provider timeout')), timeoutMs);
    };
    const out = new DeltaBuffer();
    let reply: Reply;
    try {
      const canned = cannedReply(p);
      const plan = canned ? null : await planRemote(p, choice.settings, controller.signal);
      if (!plan) {
        reply = canned ?? decline(p);
      } else {
        const rewriter = new MarkerRewriter(plan.chunkIndexes.length);
        let raw = '';
        // Nothing is shown before the first valid citation: an answer without one is withdrawn.
        let held = '';
        for await (const piece of streamAnswerText(
          plan.client,
          plan.model,
          plan.messages,
          controller.signal,
        )) {
          resetTimer();
          raw += piece;
          if (raw.includes(NOT_COVERED) || raw.includes(canary)) break;
          const ready = rewriter.push(piece);
          if (rewriter.cited.length === 0) {
            held += ready;
            continue;
          }
          const text = out.take(held + ready);
          held = '';
          if (text) yield { type: 'delta', text };
        }
        const tail = rewriter.end();
        if (rewriter.cited.length > 0 && !raw.includes(NOT_COVERED) && !raw.includes(canary)) {
          const text = out.take(held + tail);
          if (text) yield { type: 'delta', text };
        }
        reply = remoteReply(p, plan, raw, out.text, rewriter.cited);
      }
    } catch (error) {
      clearTimeout(timer);
      report(error, p, choice.provider);
      yield* emitLocal(true, out.text ? '\n\n' : '');
      return;
    }
    clearTimeout(timer);
    if (!out.text) {
      for (const piece of pieces(reply.message)) yield { type: 'delta', text: piece };
    }
    yield { type: 'done', answer: { ...reply, provider: choice.provider, fellBack: false } };
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
      const reply = localReply({
        input: { cardId, question, language, history: [] },
        facts,
        index,
        language,
        keywords: redList(facts.redListKeywords),
        question,
        previousQuestions: [],
      });
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
      const choice = choose(ctx, await store.cardFacts(cardId));
      return { provider: choice.provider, fellBack: choice.fellBack };
    },
    invalidate(cardId) {
      store.invalidate(cardId);
    },
    async intelligence(cardId) {
      const index = await store.indexFor(cardId);
      return index.size === 0 ? null : intelligenceOf(index);
    },
  };
}
