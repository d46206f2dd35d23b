import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Language } from '#shared/limits.ts';
import type { TChatSessionInfo, TLeadRequest, TStoredChatMessage } from '#shared/schemas/chat.ts';
import type { AppContext } from '#server/context.ts';
import { visitorProfiles } from '#server/db/schema.ts';
import { findPublicCard } from '#server/features/cards/service.ts';
import { AppError } from '#server/lib/errors.ts';
import { RateWindow } from '#server/lib/rate-window.ts';
import type { Answer, AnswerEvent, Assistant, ChatTurn } from '#server/ai/index.ts';
import { textFromImage } from '#server/ai/index.ts';
import { isIngestError } from '#server/ingest/index.ts';
import { appendMessages, storedMessages, type VisitorSession } from './visitor-sessions.ts';

/** Follow-up questions see this many earlier turns. */
const HISTORY_TURNS = 6;
/** A visitor may send this many messages a minute (the address limit is separate). */
const visitorWindow = new RateWindow(20, 60_000);

/** What the chat header and "Save contact" show; the card's values, else its owner's. */
export async function cardSessionInfo(ctx: AppContext, cardId: number): Promise<TChatSessionInfo> {
  const card = await findPublicCard(ctx, cardId);
  return {
    businessCardId: card.id,
    username: card.contactPerson ?? card.user.username,
    companyName: card.companyName,
    companyLogo: card.logoUrl,
    phone: card.phone,
    email: card.email,
    website: card.website,
  };
}

export function assertVisitorMayWrite(session: VisitorSession): void {
  const wait = visitorWindow.hit(String(session.id));
  if (wait > 0) throw new AppError('RATE_LIMITED', 'errors.rateLimited', { seconds: wait });
}

function historyOf(session: VisitorSession): ChatTurn[] {
  return storedMessages(session)
    .filter((message) => message.role === 'user' || message.role === 'assistant')
    .slice(-HISTORY_TURNS)
    .map((message) => ({ role: message.role as ChatTurn['role'], content: message.content }));
}

function turns(ctx: AppContext, question: string, answer: Answer): TStoredChatMessage[] {
  const at = ctx.now().toISOString();
  return [
    { role: 'user', content: question, createdAt: at },
    { role: 'assistant', content: answer.message, citations: answer.citations, createdAt: at },
  ];
}

export interface Question {
  session: VisitorSession;
  question: string;
  language: Language;
  /** What the visitor's history shows, when it differs (a photo: not its recognised text). */
  shownAs?: string;
}

/** Answers from the card's documents and keeps both turns in the visitor's history. */
export async function ask(ctx: AppContext, assistant: Assistant, input: Question): Promise<Answer> {
  const answer = await assistant.answer({
    cardId: input.session.businessCardId,
    question: input.question,
    language: input.language,
    history: historyOf(input.session),
  });
  await appendMessages(ctx, input.session.id, turns(ctx, input.shownAs ?? input.question, answer));
  return answer;
}

/** The same, word by word; the history is written once the answer is complete. */
export async function* askStreaming(
  ctx: AppContext,
  assistant: Assistant,
  input: Question,
): AsyncGenerator<AnswerEvent> {
  const events = assistant.stream({
    cardId: input.session.businessCardId,
    question: input.question,
    language: input.language,
    history: historyOf(input.session),
  });
  for await (const event of events) {
    if (event.type === 'done') {
      await appendMessages(ctx, input.session.id, turns(ctx, input.question, event.answer));
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
