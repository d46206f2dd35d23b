import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createKeyedLimit, normaliseAccountKey } from './rate-limits.ts';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Every budget of mail a signed-in user causes, in one place. The counters live in the
 * rate-limit store (lib/rate-limits.ts): Redis when REDIS_URL is set, so every instance spends
 * one budget; in process otherwise.
 */
export const MAIL_LIMITS = {
  /** Mails one owner sends to other people (lead follow-ups), per hour. */
  ownerMailsPerHour: 20,
  /** Mails one recipient gets from owners, whichever owner sends them, per day. */
  recipientMailsPerDay: 3,
  /** Verification mails for a profile email change, per account and hour. */
  emailChangeMailsPerHour: 5,
} as const;

export interface MailLimits {
  /**
   * Before an owner's mail to someone else: 429 (counting nothing) when the owner or the
   * recipient has spent its budget; otherwise the mail counts against both.
   */
  spendOwnerMail(request: FastifyRequest, ownerId: number, recipient: string): Promise<void>;
  /** Before a verification mail for an email change: 429 past the account's budget. */
  spendEmailChangeMail(request: FastifyRequest, userId: number): Promise<void>;
}

/** One key per mailbox: case, width and a "+tag" in the local part do not count. */
export function recipientKey(address: string): string {
  const normal = normaliseAccountKey(address);
  const at = normal.lastIndexOf('@');
  if (at < 0) return normal;
  return `${normal.slice(0, at).replace(/\+.*$/, '')}${normal.slice(at)}`;
}

function createMailLimits(app: FastifyInstance): MailLimits {
  const owners = createKeyedLimit(
    app,
    'mail-owner',
    MAIL_LIMITS.ownerMailsPerHour,
    HOUR_MS,
    'errors.mailLimitOwner',
  );
  const recipients = createKeyedLimit(
    app,
    'mail-recipient',
    MAIL_LIMITS.recipientMailsPerDay,
    DAY_MS,
    'errors.mailLimitRecipient',
  );
  const emailChanges = createKeyedLimit(
    app,
    'mail-email-change',
    MAIL_LIMITS.emailChangeMailsPerHour,
    HOUR_MS,
    'errors.emailChangeLimit',
  );
  return {
    async spendOwnerMail(request, ownerId, recipient) {
      const ownerKey = `user:${ownerId}`;
      const recipientKeyed = `to:${recipientKey(recipient)}`;
      // Both are asked before either counts: a refused mail spends no budget.
      await owners.assertAllowed(request, ownerKey);
      await recipients.assertAllowed(request, recipientKeyed);
      await owners.hit(request, ownerKey);
      await recipients.hit(request, recipientKeyed);
    },
    async spendEmailChangeMail(request, userId) {
      await emailChanges.hit(request, `user:${userId}`);
    },
  };
}

const byApp = new WeakMap<FastifyInstance, MailLimits>();

/** The app's mail budgets: made once per app, so every feature spends the same counters. */
export function mailLimits(app: FastifyInstance): MailLimits {
  let limits = byApp.get(app);
  if (!limits) {
    limits = createMailLimits(app);
    byApp.set(app, limits);
  }
  return limits;
}
