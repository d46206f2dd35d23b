import { z } from 'zod';
import { ZPublicUser, ZRole } from './schemas/auth.ts';
import { ZAiModel } from './schemas/cards.ts';
import { FAIR_REGIONS, ZTradeFair } from './schemas/public.ts';
import { safeText } from './schemas/text.ts';

/* The admin panel's calls: users, stats, trade fairs, audit log. */

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_QUERY_MAX = 100;
export const MAX_TRADE_FAIRS = 100;

const page = z.coerce.number().int().min(1).max(100_000).default(1);

export const ZAdminUsersQuery = z.object({
  query: safeText().trim().max(ADMIN_QUERY_MAX, 'validation.tooLong').default(''),
  page,
});
export type TAdminUsersQuery = z.output<typeof ZAdminUsersQuery>;

export const ZAdminUser = ZPublicUser.extend({
  disabled: z.boolean(),
  /** Admin through ADMIN_EMAILS (not only the stored role): cannot be demoted here. */
  adminByConfig: z.boolean(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

const paging = {
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
};

export const ZAdminUserPage = z.object({ users: z.array(ZAdminUser), ...paging });
export type TAdminUserPage = z.infer<typeof ZAdminUserPage>;

export const ZAdminUserParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** Unknown fields are refused (a typo must not pass as "no change"); an empty body is a 400. */
export const ZAdminUserPatch = z.strictObject({
  disabled: z.boolean().optional(),
  role: ZRole.optional(),
  emailVerified: z.boolean().optional(),
});
export type TAdminUserPatch = z.output<typeof ZAdminUserPatch>;

export const ZAdminUserResponse = z.object({ user: ZAdminUser });

/** The job queue's figures for one type of job (documents, mails, webhooks, campaigns…). */
export const ZJobTypeStats = z.object({
  type: z.string(),
  queued: z.number().int(),
  /** Queued again after a failed attempt, waiting for its backoff. */
  retrying: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
  done: z.number().int(),
  /** Attempts spent on the jobs of this type still in the table (done ones included). */
  attempts: z.number().int(),
});
export type TJobTypeStats = z.infer<typeof ZJobTypeStats>;

export const ZAdminProvider = z.object({
  id: ZAiModel,
  ready: z.boolean(),
  /** The model this server calls for it. */
  model: z.string(),
  /** The variable that turns it on: its API key, or Ollama's base URL. */
  setting: z.string(),
  /** Variables that may be set as well (base URL, model; Ollama's key). */
  optional: z.array(z.string()),
});
export type TAdminProvider = z.infer<typeof ZAdminProvider>;

export const ZAdminStats = z.object({
  users: z.number().int(),
  disabledUsers: z.number().int(),
  cards: z.number().int(),
  finishedCards: z.number().int(),
  documents: z.number().int(),
  /** Bytes of every file under DATA_DIR/files (uploads, logos, generated media). */
  storedBytes: z.number().int(),
  visitorSessionsToday: z.number().int(),
  documentsWaiting: z.number().int(),
  documentsFailed: z.number().int(),
  jobsWaiting: z.number().int(),
  jobsFailed: z.number().int(),
  jobQueue: z.array(ZJobTypeStats),
  providerConfigured: z.boolean(),
  /**
   * Each model a card can choose, for whoever runs the server: set up here or not, and the
   * environment variables that set it up (owners only see "ask your administrator").
   */
  providers: z.array(ZAdminProvider),
  generatedAt: z.string(),
});
export type TAdminStats = z.infer<typeof ZAdminStats>;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** True when the year-month-day exists (no 30 February rolled into March). */
function realDay(year: string, month: string, day: string): boolean {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return (
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day)
  );
}

/**
 * A fair's start or end: an ISO date-time with its offset, or a plain date (YYYY-MM-DD), read
 * as that day in China time (fairs open 09:00 and close 18:00, UTC+8).
 */
function fairDate(plainDayTime: string) {
  return safeText()
    .trim()
    .refine((value) => {
      const match = DATE_ONLY.exec(value) ?? DATE_TIME.exec(value);
      return Boolean(
        match && realDay(match[1]!, match[2]!, match[3]!) && !Number.isNaN(Date.parse(value)),
      );
    }, 'admin.errors.badDate')
    .transform((value) =>
      DATE_ONLY.test(value) ? new Date(`${value}T${plainDayTime}+08:00`) : new Date(value),
    );
}

const fairText = (max: number) => safeText().trim().max(max, 'validation.tooLong');

export const ZTradeFairInput = z
  .object({
    /** An existing fair's id keeps and edits it; without an id the fair is new. */
    id: z.number().int().positive().optional(),
    slug: fairText(80)
      .regex(/^[a-z0-9-]*$/, 'admin.errors.badSlug')
      .optional(),
    name: fairText(120).min(1, 'admin.errors.fairNameRequired'),
    fullName: fairText(240).optional(),
    location: fairText(200).default(''),
    startsAt: fairDate('09:00:00'),
    endsAt: fairDate('18:00:00'),
    category: fairText(80).default(''),
    region: z.enum(FAIR_REGIONS).default('mainland'),
    description: fairText(2000).default(''),
  })
  // Runs only when both dates parsed (zod still calls it after a field's refine fails).
  .refine(
    (fair) =>
      !(fair.startsAt instanceof Date && fair.endsAt instanceof Date) ||
      fair.endsAt.getTime() >= fair.startsAt.getTime(),
    { message: 'admin.errors.endBeforeStart', path: ['endsAt'] },
  );
export type TTradeFairInput = z.output<typeof ZTradeFairInput>;

/** PUT replaces the whole list: fairs left out are deleted (decision 017). */
export const ZTradeFairsPut = z.object({
  fairs: z.array(ZTradeFairInput).max(MAX_TRADE_FAIRS, 'admin.errors.tooManyFairs'),
});
export type TTradeFairsPut = z.input<typeof ZTradeFairsPut>;

export const ZAdminTradeFairs = z.object({ fairs: z.array(ZTradeFair) });
export type TAdminTradeFairs = z.infer<typeof ZAdminTradeFairs>;

export const ZAdminAuditQuery = z.object({ page });

export const ZAuditEntry = z.object({
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  action: z.string(),
  target: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditPage = z.object({ entries: z.array(ZAuditEntry), ...paging });
export type TAuditPage = z.infer<typeof ZAuditPage>;
