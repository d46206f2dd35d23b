import { and, eq } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { visitorSessions } from '#server/db/schema.ts';
import type { VisitorSession } from '#server/lib/visitor-sessions.ts';

/*
 * A person from the booth answers instead of the assistant. While a takeover
 * is active the visitor's messages are stored and passed on, and nothing is generated. It ends
 * when the owner releases it, or by itself 10 minutes after the staff's last reply (10 minutes
 * after it started when the staff never replied).
 */

export const TAKEOVER_IDLE_MS = 10 * 60 * 1000;

export interface TakeoverState {
  active: boolean;
  /** When the person stepped in (null when inactive). */
  since: string | null;
  /** When it ends by itself unless the staff replies again (null when inactive). */
  expiresAt: string | null;
}

type TakeoverFields = Pick<VisitorSession, 'takeoverAt' | 'lastStaffReplyAt'>;

const INACTIVE: TakeoverState = { active: false, since: null, expiresAt: null };

/** The takeover as it stands at `now`; an expired one is inactive even before it is cleared. */
export function takeoverState(session: TakeoverFields, now: Date): TakeoverState {
  const since = session.takeoverAt;
  if (!since) return INACTIVE;
  const lastReply = session.lastStaffReplyAt;
  const from = lastReply && lastReply > since ? lastReply : since;
  const expiresAt = new Date(from.getTime() + TAKEOVER_IDLE_MS);
  if (expiresAt <= now) return INACTIVE;
  return { active: true, since: since.toISOString(), expiresAt: expiresAt.toISOString() };
}

/** Starts (a fresh 10 minutes) or releases the takeover of one visitor session. */
export async function setTakeover(
  ctx: AppContext,
  sessionId: number,
  active: boolean,
): Promise<TakeoverState> {
  const now = ctx.now();
  const [row] = await ctx.db
    .update(visitorSessions)
    .set({ takeoverAt: active ? now : null })
    .where(eq(visitorSessions.id, sessionId))
    .returning({
      takeoverAt: visitorSessions.takeoverAt,
      lastStaffReplyAt: visitorSessions.lastStaffReplyAt,
    });
  return row ? takeoverState(row, now) : INACTIVE;
}

/** The staff wrote to the visitor: an active takeover lasts another 10 minutes. */
export async function recordStaffReply(ctx: AppContext, sessionId: number): Promise<TakeoverState> {
  const now = ctx.now();
  const [row] = await ctx.db
    .update(visitorSessions)
    .set({ lastStaffReplyAt: now })
    .where(eq(visitorSessions.id, sessionId))
    .returning({
      takeoverAt: visitorSessions.takeoverAt,
      lastStaffReplyAt: visitorSessions.lastStaffReplyAt,
    });
  return row ? takeoverState(row, now) : INACTIVE;
}

/**
 * Whether a person answers this session now. An expired takeover is cleared on the way (only
 * if nobody started a new one meanwhile).
 */
export async function isTakenOver(ctx: AppContext, session: VisitorSession): Promise<boolean> {
  if (!session.takeoverAt) return false;
  if (takeoverState(session, ctx.now()).active) return true;
  await ctx.db
    .update(visitorSessions)
    .set({ takeoverAt: null })
    .where(
      and(eq(visitorSessions.id, session.id), eq(visitorSessions.takeoverAt, session.takeoverAt)),
    );
  return false;
}
