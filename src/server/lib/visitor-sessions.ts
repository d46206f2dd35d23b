import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chatSource } from '#shared/chat-source.ts';
import type { Language } from '#shared/limits.ts';
import { VISITOR_COOKIE, type TStoredChatMessage } from '#shared/schemas/chat.ts';
import type { AppContext } from '#server/context.ts';
import { visitorSessions } from '#server/db/schema.ts';
import { hashToken, newToken } from './tokens.ts';
import { countryOf, deviceTypeOf, proxyCountry } from './visitor-traits.ts';

/*
 * A visitor's conversation with one card (visitor_sessions): found or opened from the visitor
 * cookie, and its stored messages. The chat writes it, the owner's replies are appended to it
 * (notifications) and push campaigns open it: it lives here so no feature reaches into another.
 */

export type VisitorSession = typeof visitorSessions.$inferSelect;

const VISITOR_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** One row per (card, browser): the stored key mixes the card in, the cookie never leaves the browser. */
function sessionKey(ctx: AppContext, cardId: number, token: string): string {
  return hashToken(ctx.config.sessionSecret, `${cardId}:${token}`);
}

function sessionByKey(ctx: AppContext, key: string): Promise<VisitorSession | undefined> {
  return ctx.db
    .select()
    .from(visitorSessions)
    .where(eq(visitorSessions.sessionToken, key))
    .limit(1)
    .then((rows) => rows[0]);
}

/**
 * The stored key of the visitor's session for this card, whether or not that session exists
 * yet (the per-visitor budgets count by it); null without a visitor cookie.
 */
export function visitorSessionKey(
  ctx: AppContext,
  request: FastifyRequest,
  cardId: number,
): string | null {
  const token = request.cookies[VISITOR_COOKIE];
  return token ? sessionKey(ctx, cardId, token) : null;
}

export async function findVisitorSession(
  ctx: AppContext,
  request: FastifyRequest,
  cardId: number,
): Promise<VisitorSession | null> {
  const token = request.cookies[VISITOR_COOKIE];
  if (!token) return null;
  return (await sessionByKey(ctx, sessionKey(ctx, cardId, token))) ?? null;
}

export interface VisitContext {
  /** The raw ?src= of the chat URL; kept only as one of CHAT_SOURCES (else "direct"). */
  source?: string | undefined;
  referrer?: string | undefined;
  /** The visitor's interface language; remembered, and updated when they switch. */
  language?: Language | undefined;
  /** The browser's IANA time zone (already validated); remembered, and updated when it changes. */
  timeZone?: string | undefined;
}

/**
 * The visitor's session for this card, created on first contact (cookie set when missing).
 * A returning visitor (the common case) costs one indexed read; a new one one insert.
 */
export async function openVisitorSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  cardId: number,
  visit: VisitContext = {},
): Promise<{ session: VisitorSession; isNew: boolean }> {
  let token = request.cookies[VISITOR_COOKIE];
  if (!token) {
    token = newToken();
    reply.setCookie(VISITOR_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config.publicUrl.startsWith('https:'),
      maxAge: VISITOR_COOKIE_MAX_AGE_S,
    });
    // Later lookups in this request see the new visitor.
    request.cookies[VISITOR_COOKIE] = token;
  } else {
    const existing = await sessionByKey(ctx, sessionKey(ctx, cardId, token));
    if (existing) {
      return { session: await rememberVisit(ctx, request, existing, visit), isNew: false };
    }
  }
  const key = sessionKey(ctx, cardId, token);
  const [created] = await ctx.db
    .insert(visitorSessions)
    .values({
      sessionToken: key,
      businessCardId: cardId,
      ipAddress: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
      referrer: visit.referrer?.slice(0, 500) ?? null,
      source: chatSource(visit.source),
      language: visit.language ?? null,
      timeZone: visit.timeZone ?? null,
      country: visitCountry(request, visit),
      deviceType: deviceTypeOf(request.headers['user-agent']),
    })
    .onConflictDoNothing({ target: visitorSessions.sessionToken })
    .returning();
  if (created) return { session: created, isNew: true };
  // Two first requests of the same browser raced: the other one created it.
  const existing = await sessionByKey(ctx, key);
  return { session: await rememberVisit(ctx, request, existing!, visit), isNew: false };
}

/** Where the visitor is, by the one rule (countryOf), from this request and what is known. */
function visitCountry(
  request: FastifyRequest,
  visit: VisitContext,
  known?: Pick<VisitorSession, 'language' | 'timeZone'>,
): string | null {
  return countryOf({
    proxyCountry: proxyCountry(request),
    timeZone: visit.timeZone ?? known?.timeZone,
    acceptLanguage: request.headers['accept-language'],
    language: visit.language ?? known?.language,
  });
}

/** A returning visitor's language, time zone and country are updated when they changed. */
async function rememberVisit(
  ctx: AppContext,
  request: FastifyRequest,
  existing: VisitorSession,
  visit: VisitContext,
): Promise<VisitorSession> {
  const changes: Partial<Pick<VisitorSession, 'language' | 'timeZone' | 'country'>> = {};
  if (visit.language && existing.language !== visit.language) changes.language = visit.language;
  if (visit.timeZone && existing.timeZone !== visit.timeZone) changes.timeZone = visit.timeZone;
  const country = visitCountry(request, visit, existing);
  if (country && existing.country !== country) changes.country = country;
  if (Object.keys(changes).length === 0) return existing;
  const [updated] = await ctx.db
    .update(visitorSessions)
    .set(changes)
    .where(eq(visitorSessions.id, existing.id))
    .returning();
  return updated ?? existing;
}

export function storedMessages(session: Pick<VisitorSession, 'messages'>): TStoredChatMessage[] {
  return Array.isArray(session.messages) ? (session.messages as TStoredChatMessage[]) : [];
}

/** Appends to the conversation atomically (two tabs may write at once). */
export async function appendMessages(
  ctx: AppContext,
  sessionId: number,
  messages: TStoredChatMessage[],
): Promise<void> {
  await ctx.db
    .update(visitorSessions)
    .set({
      messages: sql`${visitorSessions.messages} || ${JSON.stringify(messages)}::jsonb`,
      lastActivity: ctx.now(),
    })
    .where(eq(visitorSessions.id, sessionId));
}
