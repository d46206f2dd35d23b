import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Language } from '#shared/limits.ts';
import type {
  TAnswerImage,
  TChatResponse,
  TChatSessionInfo,
  TLeadRequest,
  TStoredChatMessage,
} from '#shared/schemas/chat.ts';
import type { AppContext } from '#server/context.ts';
import { visitorProfiles } from '#server/db/schema.ts';
import { assertPublicCard, findChatCard } from '#server/features/cards/service.ts';
import { derivedFromCard } from '#server/lib/public-card-cache.ts';
import { AppError } from '#server/lib/errors.ts';
import type { Answer, AnswerEvent, Assistant, ChatTurn } from '#server/ai/assistant.ts';
import { textFromImage } from '#server/ai/assistant.ts';
import { isIngestError } from '#server/ingest/index.ts';
import {
  answerQuestion,
  newMessageId,
  recordAsked,
  streamQuestion,
  type OwnAnswer,
} from '#server/features/answers/service.ts';
import { showCitations } from '#server/features/previews/service.ts';
import { isTakenOver } from './takeover.ts';
import {
  appendMessages,
  storedMessages,
  type VisitorSession,
} from '#server/lib/visitor-sessions.ts';

// What the owner's side (notifications: takeover, replies, a visitor's photo) uses of the chat.
export { recordStaffReply, setTakeover, takeoverState, type TakeoverState } from './takeover.ts';
export { readPhoto } from './visitor-photos.ts';

/** Follow-up questions see this many earlier turns. */
const HISTORY_TURNS = 6;
/** A visitor may send this many messages a minute (the address limit is separate). */
export const VISITOR_MESSAGES_PER_MINUTE = 20;

/**
 * What the chat header and "Save contact" show; the card's values, else its owner's.
 * A draft answers 404 to everyone but its signed-in owner (`viewerId`).
 */
export async function cardSessionInfo(
  ctx: AppContext,
  cardId: number,
  viewerId: number | null,
): Promise<TChatSessionInfo> {
  const card = await findChatCard(ctx, cardId, viewerId);
  return {
    businessCardId: card.id,
    username: card.contactPerson ?? card.user.username,
    companyName: card.companyName,
    companyLogo: card.logoUrl,
    phone: card.phone,
    email: card.email,
    website: card.website,
    jobTitle: card.jobTitle,
    wechatId: card.wechatId,
    whatsapp: card.whatsapp,
    linkedinUrl: card.linkedinUrl,
  };
}

/**
 * The questions the chat suggests in this language, kept with the card's cached public data
 * (forgotten when the card, its documents or its red list change): a scan reads no database.
 */
export function suggestedQuestions(
  ctx: AppContext,
  assistant: Assistant,
  cardId: number,
  language: Language,
): Promise<string[]> {
  return derivedFromCard(ctx, cardId, `suggested-questions:${language}`, () =>
    assistant.suggestedQuestions(cardId, language),
  );
}

/** A 404 unless visitors may chat with this card (finished, or the owner trying a draft). */
export async function assertChatOpen(
  ctx: AppContext,
  cardId: number,
  viewerId: number | null,
): Promise<void> {
  await assertPublicCard(ctx, cardId, viewerId);
}

function historyOf(session: VisitorSession): ChatTurn[] {
  return storedMessages(session)
    .filter((message) => message.role === 'user' || message.role === 'assistant')
    .slice(-HISTORY_TURNS)
    .map((message) => ({ role: message.role as ChatTurn['role'], content: message.content }));
}

/** A photo the visitor sent with a message: its stored id and size (see visitor-photos.ts). */
export interface SentPhoto {
  id: string;
  bytes: number;
}

/**
 * The visitor's message as stored. A photo's size is kept beside its id (never shown: the
 * response schemas leave it out) so what a card's photos take up can be summed.
 */
function visitorTurn(
  ctx: AppContext,
  content: string,
  photo?: SentPhoto,
): TStoredChatMessage & { imageBytes?: number } {
  return {
    role: 'user',
    content,
    ...(photo ? { image: photo.id, imageBytes: photo.bytes } : {}),
    createdAt: ctx.now().toISOString(),
  };
}

function turns(
  ctx: AppContext,
  question: string,
  answer: ChatAnswer,
  messageId: string,
  photo?: SentPhoto,
): TStoredChatMessage[] {
  const at = ctx.now().toISOString();
  return [
    visitorTurn(ctx, question, photo),
    {
      role: 'assistant',
      content: answer.message,
      citations: answer.citations,
      ...(answer.images?.length ? { images: answer.images } : {}),
      createdAt: at,
      messageId,
    },
  ];
}

/**
 * An answer as the chat gives it: with its id, for the visitor's 👍 / 👎, each citation with its
 * page preview, and the pictures beside the cited passages (features/previews).
 */
export type ChatAnswer = Answer & { messageId?: string; images?: TAnswerImage[] };

/** The answer with what the visitor sees of its sources: previews and pictures. */
async function withPreviews(ctx: AppContext, cardId: number, answer: Answer): Promise<ChatAnswer> {
  if (answer.citations.length === 0) return answer;
  const shown = await showCitations(ctx, cardId, answer.citations);
  return { ...answer, citations: shown.citations, images: shown.images };
}
/** A streamed answer as the chat gives it: its words, then the whole answer with its id. */
export type ChatEvent =
  Exclude<AnswerEvent, { type: 'done' }> | { type: 'done'; answer: ChatAnswer };

/** What the chat answers while a person from the booth has taken the conversation over. */
export const HELD_FOR_STAFF: TChatResponse = { message: null, citations: [], humanTakeover: true };

/**
 * An answer as the chat sends it: the words and sources, and who wrote it. A card whose chosen
 * model is not set up here is answered by the built-in assistant, and the answer says so
 * (answeredBy 'local', fellBack true).
 */
export function chatReply(answer: ChatAnswer): TChatResponse {
  return {
    message: answer.message,
    citations: answer.citations,
    ...(answer.images?.length ? { images: answer.images } : {}),
    answeredBy: answer.provider,
    fellBack: answer.fellBack,
    ...(answer.messageId ? { messageId: answer.messageId } : {}),
  };
}

/**
 * While a person answers (takeover), the visitor's message is only stored (the staff already
 * heard of it) and the assistant stays silent: true. Otherwise false, and nothing is written.
 */
export async function holdForStaff(
  ctx: AppContext,
  session: VisitorSession,
  shownAs: string,
  photo?: SentPhoto,
): Promise<boolean> {
  if (!(await isTakenOver(ctx, session))) return false;
  await appendMessages(ctx, session.id, [visitorTurn(ctx, shownAs, photo)]);
  return true;
}

export interface Question {
  session: VisitorSession;
  question: string;
  language: Language;
  /** What the visitor's history shows, when it differs (a photo: not its recognised text). */
  shownAs?: string;
  /** The photo the visitor sent with it (see visitor-photos.ts). */
  photo?: SentPhoto;
  /** The text read on that photo: searched with the question, never shown in the history. */
  photoText?: string;
}

/** What is kept of a question once answered: how it went, for the owner's list and figures. */
function record(
  ctx: AppContext,
  input: Question,
  messageId: string,
  answer: Answer,
  own: OwnAnswer | null,
) {
  return recordAsked(ctx, {
    cardId: input.session.businessCardId,
    sessionId: input.session.id,
    messageId,
    question: input.shownAs ?? input.question,
    interfaceLanguage: input.language,
    answer,
    own,
  });
}

/**
 * Answers from the exhibitor's own answers, else from the card's documents, and keeps both
 * turns in the visitor's history.
 */
export async function ask(
  ctx: AppContext,
  assistant: Assistant,
  input: Question,
): Promise<ChatAnswer> {
  const { answer: answered, own } = await answerQuestion(ctx, assistant, {
    cardId: input.session.businessCardId,
    question: input.question,
    language: input.language,
    history: historyOf(input.session),
    photoText: input.photoText,
  });
  const answer = await withPreviews(ctx, input.session.businessCardId, answered);
  const messageId = newMessageId();
  await appendMessages(
    ctx,
    input.session.id,
    turns(ctx, input.shownAs ?? input.question, answer, messageId, input.photo),
  );
  await record(ctx, input, messageId, answer, own);
  return { ...answer, messageId };
}

/** The same, word by word; the history is written once the answer is complete. */
export async function* askStreaming(
  ctx: AppContext,
  assistant: Assistant,
  input: Question,
): AsyncGenerator<ChatEvent> {
  let own: OwnAnswer | null = null;
  const events = streamQuestion(
    ctx,
    assistant,
    {
      cardId: input.session.businessCardId,
      question: input.question,
      language: input.language,
      history: historyOf(input.session),
      photoText: input.photoText,
    },
    (found) => (own = found),
  );
  for await (const event of events) {
    if (event.type === 'done') {
      const messageId = newMessageId();
      const answer = await withPreviews(ctx, input.session.businessCardId, event.answer);
      await appendMessages(ctx, input.session.id, turns(ctx, input.question, answer, messageId));
      await record(ctx, input, messageId, event.answer, own);
      yield { type: 'done', answer: { ...answer, messageId } };
      continue;
    }
    yield event;
  }
}

const IMAGE_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** Reads the text in a photo (checked by its bytes, not its declared type). */
export async function readImageText(base64: string): Promise<string> {
  const bytes = Buffer.from(base64, 'base64');
  const type = await fileTypeFromBuffer(bytes);
  const extension = type && IMAGE_EXTENSIONS[type.mime];
  if (!extension) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'validation.imageType');
  const file = path.join(
    os.tmpdir(),
    `docucard-chat-${randomBytes(8).toString('hex')}.${extension}`,
  );
  await fs.writeFile(file, bytes);
  try {
    return (await textFromImage(file)).trim();
  } catch (error) {
    if (!isIngestError(error)) throw error;
    throw new AppError('UNPROCESSABLE', `documents.errors.${error.code}`);
  } finally {
    await fs.rm(file, { force: true });
  }
}

/** The visitor's contact details, for the owner's leads. */
export async function saveLead(
  ctx: AppContext,
  session: VisitorSession,
  lead: Omit<TLeadRequest, 'consent'>,
): Promise<void> {
  const fields = {
    name: lead.name,
    organization: lead.company || null,
    email: lead.email || null,
    phone: lead.phone || null,
  };
  const filled = Object.values(fields).filter(Boolean).length;
  const values = { ...fields, profileCompleteness: Math.round((filled / 4) * 100) };
  await ctx.db
    .insert(visitorProfiles)
    .values({ visitorSessionId: session.id, businessCardId: session.businessCardId, ...values })
    .onConflictDoUpdate({ target: visitorProfiles.visitorSessionId, set: values });
}
