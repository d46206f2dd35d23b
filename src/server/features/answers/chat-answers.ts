import { and, eq } from 'drizzle-orm';
import type { TCitation } from '#shared/schemas/chat.ts';
import type {
  Answer,
  AnswerEvent,
  AnswerInput,
  Assistant,
  ChatLanguage,
} from '#server/ai/assistant.ts';
import { redList, stripInjection } from '#server/ai/guard.ts';
import { photoQuestion } from '#server/ai/text/photo-question.ts';
import { answerLanguage } from '#server/text/language.ts';
import type { AppContext } from '#server/context.ts';
import { businessCards, redListKeywords } from '#server/db/schema.ts';
import { translate } from '#server/lib/i18n.ts';
import { answerTerms, matchScore } from './grouping.ts';
import { keyTerms, SAME_QUESTION } from './key-terms.ts';
import { cardAnswers, recordQuestion, type QuestionOutcome } from './records.ts';

/*
 * The exhibitor's own answers in the chat: before the assistant looks in the documents, a
 * question that is one of the card's answered questions (or a paraphrase of it) is answered
 * with the exhibitor's answer, cited as theirs. The same with or without an AI provider: the
 * provider is not asked. The red list holds as for documents: a keyword the question or the
 * answer touches must be in the cited text, else the assistant answers as it would have.
 */

export interface OwnAnswer {
  answer: Answer;
  ownerAnswerId: number;
}

async function cardFacts(ctx: AppContext, cardId: number) {
  const [card] = await ctx.db
    .select({ companyName: businessCards.companyName })
    .from(businessCards)
    .where(eq(businessCards.id, cardId))
    .limit(1);
  const keywords = await ctx.db
    .select({ keyword: redListKeywords.keyword })
    .from(redListKeywords)
    .where(and(eq(redListKeywords.businessCardId, cardId), eq(redListKeywords.isActive, true)));
  return { companyName: card?.companyName ?? null, keywords: keywords.map((k) => k.keyword) };
}

/** The citation of an exhibitor's answer: no document, no page, the answer as its excerpt. */
export function ownAnswerCitation(
  language: ChatLanguage,
  companyName: string | null,
  answer: string,
): TCitation {
  return {
    documentName: companyName
      ? translate(language, 'questions.citation', { company: companyName })
      : translate(language, 'questions.citationNoCompany'),
    documentId: null,
    page: null,
    previewUrl: null,
    excerpt: answer,
  };
}

/** The card's answer to this question, or null (the assistant answers from the documents). */
export async function ownAnswerFor(
  ctx: AppContext,
  input: Pick<AnswerInput, 'cardId' | 'question' | 'language' | 'photoText'>,
): Promise<OwnAnswer | null> {
  const answers = await cardAnswers(ctx, input.cardId);
  if (answers.length === 0) return null;
  // With a photo, what is matched is what the assistant would search: the typed words with the
  // photo's identifiers; a photo that cannot be read is the assistant's to answer.
  const photo =
    input.photoText === undefined ? null : photoQuestion(input.question, input.photoText);
  if (photo?.unreadable && photo.pointsAtPhoto) return null;
  const asked = photo ? photo.question : input.question;
  const question = stripInjection(asked).question;
  const terms = keyTerms(question);
  if (terms.size === 0) return null;
  let best: (typeof answers)[number] | null = null;
  let bestScore = 0;
  // Newest first: of two equally good answers, the newer one.
  for (const candidate of answers) {
    const score = matchScore(terms, answerTerms(candidate));
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  if (!best || bestScore < SAME_QUESTION) return null;
  const facts = await cardFacts(ctx, input.cardId);
  const language = answerLanguage(input.question, input.language);
  const citation = ownAnswerCitation(language, facts.companyName, best.answer);
  const message = `${
    facts.companyName
      ? translate(language, 'questions.chatIntro', { company: facts.companyName })
      : translate(language, 'questions.chatIntroNoCompany')
  }\n${best.answer}`;
  for (const keyword of redList(facts.keywords)) {
    if (!keyword.matches(asked) && !keyword.matches(best.answer)) continue;
    if (!keyword.matches(citation.excerpt)) return null;
  }
  return {
    answer: { message, citations: [citation], provider: 'local', fellBack: false },
    ownerAnswerId: best.id,
  };
}

/** How a question went, for the owner's list and figures. */
export function outcomeOf(
  question: string,
  answer: Answer,
  own: OwnAnswer | null,
): QuestionOutcome {
  if (own) return 'from_answers';
  if (answer.citations.length > 0) return 'answered';
  return keyTerms(stripInjection(question).question).size === 0 ? 'small_talk' : 'declined';
}

/** The exhibitor's answer when there is one, else the assistant's. */
export async function answerQuestion(
  ctx: AppContext,
  assistant: Assistant,
  input: AnswerInput,
): Promise<{ answer: Answer; own: OwnAnswer | null }> {
  const own = await ownAnswerFor(ctx, input);
  if (own) return { answer: own.answer, own };
  return { answer: await assistant.answer(input), own: null };
}

/** The same as a stream: an exhibitor's answer comes whole, as one piece. */
export async function* streamQuestion(
  ctx: AppContext,
  assistant: Assistant,
  input: AnswerInput,
  onOwn: (own: OwnAnswer | null) => void,
): AsyncGenerator<AnswerEvent> {
  const own = await ownAnswerFor(ctx, input);
  onOwn(own);
  if (own) {
    yield { type: 'delta', text: own.answer.message };
    yield { type: 'done', answer: own.answer };
    return;
  }
  yield* assistant.stream(input);
}

/** Keeps how the question went (after both turns are in the visitor's history). */
export async function recordAsked(
  ctx: AppContext,
  asked: {
    cardId: number;
    sessionId: number;
    messageId: string;
    /** As the visitor's history shows it. */
    question: string;
    interfaceLanguage: ChatLanguage;
    answer: Answer;
    own: OwnAnswer | null;
  },
): Promise<void> {
  await recordQuestion(ctx, {
    cardId: asked.cardId,
    sessionId: asked.sessionId,
    messageId: asked.messageId,
    question: asked.question,
    language: answerLanguage(asked.question, asked.interfaceLanguage),
    outcome: outcomeOf(asked.question, asked.answer, asked.own),
    ownerAnswerId: asked.own?.ownerAnswerId ?? null,
  });
}
