import type OpenAI from 'openai';
import type { AiProviderConfig } from '#server/config.ts';
import type { TAiModel } from '#shared/schemas/cards.ts';
import { fitToBudget } from '../context-budget.ts';
import { clip } from '../extractive/composition.ts';
import type { RedListKeyword } from '../guard.ts';
import { MarkerRewriter, rewriteMarkers } from '../markers.ts';
import type {
  Citation,
  GroundedQuestion,
  Provider,
  ProviderEvent,
  ProviderOptions,
  Reply,
  SpeakRequest,
} from '../provider.ts';
import { retrievePassages } from '../retrieval.ts';
import { scriptFamily } from '#server/text/language.ts';
import { normalize, termsOf } from '../text/normalize.ts';
import {
  answerMessages,
  completeAnswer,
  createClient,
  NOT_COVERED,
  rewriteQuestion,
  streamAnswerText,
  writeText,
  type Excerpt,
} from './openai-chat.ts';
import { speakText } from './openai-speech.ts';

/*
 * The OpenAI-compatible provider (OpenAI, DeepSeek, Qwen, a local Ollama: presets.ts): the best
 * passages go to the model as untrusted data, the model cites them as [n] or answers
 * NOT_COVERED, and its markers become citations. An answer without a valid citation, or one
 * that repeats the prompt's canary, is not covered. Any failure throws (the assistant then
 * answers locally).
 */

/** Passages considered for a model (as many as AI_CONTEXT_TOKENS then allows are given). */
const CANDIDATES = 16;
/** Earlier turns given to a model. */
const HISTORY_TURNS = 6;
const MAX_HISTORY_CHARS = 1_000;
/** Marketing text and translations may take longer than an answer to a visitor. */
const WRITE_TIMEOUT_MS = 20_000;
/** A minute of speech is generated in one request. */
const SPEAK_TIMEOUT_MS = 45_000;

interface Plan {
  chunkIndexes: number[];
  messages: ReturnType<typeof answerMessages>;
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

/** An abort signal that fires after `ms` without a call to restart(). */
function deadline(ms: number) {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const restart = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new Error('provider timeout')), ms);
  };
  restart();
  return { signal: controller.signal, restart, clear: () => clearTimeout(timer) };
}

/** The excerpt of a cited passage: its sentence closest to the answer (or to a keyword). */
function excerptOf(
  q: GroundedQuestion,
  chunkIndex: number,
  answerText: string,
  needle?: RedListKeyword,
): string {
  const units = q.index.unitsOf(chunkIndex);
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
  const text = best?.text ?? q.index.chunks[chunkIndex]!.text;
  return clip(text, 240, needle ? [normalize(needle.keyword)] : []);
}

export function createOpenAiCompatibleProvider(
  name: TAiModel,
  settings: AiProviderConfig & { apiKey: string },
  options: ProviderOptions & { contextTokens: number; speechModel?: string },
): Provider {
  const clientOptions = {
    warn: (message: string) => options.log?.warn({ provider: name }, message),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  const client: OpenAI = createClient(settings, { ...clientOptions, timeoutMs: options.timeoutMs });
  let writer: OpenAI | undefined;
  const writingClient = () =>
    (writer ??= createClient(settings, { ...clientOptions, timeoutMs: WRITE_TIMEOUT_MS }));
  let speaker: OpenAI | undefined;
  const speakingClient = () =>
    (speaker ??= createClient(settings, { ...clientOptions, timeoutMs: SPEAK_TIMEOUT_MS }));
  const { speechModel } = options;

  /** Retrieval for the model (with a rewrite of a question in another language). */
  async function plan(q: GroundedQuestion, signal: AbortSignal): Promise<Plan | null> {
    const questions = [q.question];
    const family = scriptFamily(q.question);
    if (q.index.family && family && family !== q.index.family) {
      questions.push(
        await rewriteQuestion(client, settings.model, q.question, q.index.family, signal),
      );
    }
    const fitted = fitToBudget(
      q.index,
      retrievePassages(q.index, questions, q.previousQuestions.at(-1), CANDIDATES),
      options.contextTokens,
    );
    if (fitted.length === 0) return null;
    const excerpts: Excerpt[] = fitted.map(({ chunkIndex, text }) => {
      const chunk = q.index.chunks[chunkIndex]!;
      return { documentName: chunk.fileName, page: chunk.page, text };
    });
    const history = q.history.slice(-HISTORY_TURNS).map((turn) => ({
      role: turn.role,
      content: turn.content.slice(0, MAX_HISTORY_CHARS),
    }));
    return {
      chunkIndexes: fitted.map((item) => item.chunkIndex),
      messages: answerMessages({
        question: q.question,
        language: q.language,
        companyName: q.companyName,
        excerpts,
        history,
        canary: options.canary,
      }),
    };
  }

  const refuses = (raw: string) => raw.includes(NOT_COVERED) || raw.includes(options.canary);

  /** The reply from a model's (marker-rewritten) text; null when it is not grounded. */
  function replyFrom(
    q: GroundedQuestion,
    { chunkIndexes }: Plan,
    raw: string,
    text: string,
    cited: number[],
  ): Reply | null {
    if (refuses(raw) || cited.length === 0) return null;
    const citedChunks = cited.map((n) => chunkIndexes[n - 1]!);
    const citationOf = (chunkIndex: number, needle?: RedListKeyword): Citation => {
      const chunk = q.index.chunks[chunkIndex]!;
      return {
        documentName: chunk.fileName,
        page: chunk.page,
        excerpt: excerptOf(q, chunkIndex, text, needle),
        documentId: chunk.documentId,
      };
    };
    const citations = citedChunks.map((chunkIndex) => citationOf(chunkIndex));
    const message = text.trim();
    // Red-listed topics: the citation must show the keyword; a given passage may supply it.
    for (const keyword of q.keywords) {
      if (!keyword.matches(q.asked) && !keyword.matches(message)) continue;
      if (citations.some((citation) => keyword.matches(citation.excerpt))) continue;
      const withKeyword = citedChunks.findIndex((i) => keyword.matches(q.index.chunks[i]!.text));
      if (withKeyword >= 0) {
        citations[withKeyword] = citationOf(citedChunks[withKeyword]!, keyword);
        continue;
      }
      const given = chunkIndexes.find((i) => keyword.matches(q.index.chunks[i]!.text));
      if (given === undefined) return null;
      citations.push(citationOf(given, keyword));
    }
    return { message, citations };
  }

  async function answer(q: GroundedQuestion): Promise<Reply | null> {
    const time = deadline(options.timeoutMs);
    try {
      const planned = await plan(q, time.signal);
      if (!planned) return null;
      const raw = await completeAnswer(client, settings.model, planned.messages, time.signal);
      const { text, cited } = rewriteMarkers(raw, planned.chunkIndexes.length);
      return replyFrom(q, planned, raw, text, cited);
    } finally {
      time.clear();
    }
  }

  async function* stream(q: GroundedQuestion): AsyncGenerator<ProviderEvent> {
    const time = deadline(options.timeoutMs);
    try {
      const planned = await plan(q, time.signal);
      if (!planned) {
        yield { type: 'done', reply: null };
        return;
      }
      const rewriter = new MarkerRewriter(planned.chunkIndexes.length);
      const out = new DeltaBuffer();
      let raw = '';
      // Nothing is shown before the first valid citation: an answer without one is withdrawn.
      let held = '';
      for await (const piece of streamAnswerText(
        client,
        settings.model,
        planned.messages,
        time.signal,
      )) {
        time.restart();
        raw += piece;
        if (refuses(raw)) break;
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
      if (rewriter.cited.length > 0 && !refuses(raw)) {
        const text = out.take(held + tail);
        if (text) yield { type: 'delta', text };
      }
      yield { type: 'done', reply: replyFrom(q, planned, raw, out.text, rewriter.cited) };
    } finally {
      time.clear();
    }
  }

  return {
    name,
    answer,
    stream,
    write: (request) => writeText(writingClient(), settings.model, request),
    translate: ({ text, languageName }) =>
      writeText(writingClient(), settings.model, {
        instruction: `Translate the text in the data into ${languageName}. Keep hashtags, @mentions, links, emoji, line breaks and figures as they are. Output only the translation.`,
        data: text,
        temperature: 0.2,
        maxTokens: Math.min(4000, text.length * 2 + 200),
      }),
    ...(speechModel
      ? { speak: (request: SpeakRequest) => speakText(speakingClient(), speechModel, request) }
      : {}),
  };
}
