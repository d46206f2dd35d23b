import { z } from 'zod';
import { safeText } from './text.ts';

/*
 * Questions to answer: buyers rate the assistant's answers, the owner sees the
 * questions it declined or that buyers found unhelpful, grouped, and answers them once; the
 * assistant then answers from the exhibitor's own answers. One contract for routes and forms.
 * Messages are i18n keys (src/web/i18n, sections "validation" and "questions").
 */

/** The longest question and answer an owner may save. */
export const MAX_ANSWER_QUESTION_CHARS = 500;
export const MAX_ANSWER_CHARS = 2000;
/** Groups per page of the list (`?limit=`), and the default. */
export const MAX_UNANSWERED_PAGE = 100;
export const DEFAULT_UNANSWERED_PAGE = 20;
/** Example wordings kept per group. */
export const MAX_GROUP_EXAMPLES = 10;
/** The longest id a message or a group has (`m…`, `g…`). */
const ID_CHARS = 40;

const opaqueId = (message: string) =>
  safeText()
    .trim()
    .min(1, 'validation.required')
    .max(ID_CHARS, message)
    .regex(/^[A-Za-z0-9_-]+$/, message);

/** POST /api/chat/:cardId/feedback */
export const ZAnswerFeedback = z.object({
  messageId: opaqueId('questions.errors.messageId'),
  helpful: z.boolean('questions.errors.helpful'),
});
export type TAnswerFeedback = z.input<typeof ZAnswerFeedback>;

export const ZAnswerFeedbackResponse = z.object({
  messageId: z.string(),
  helpful: z.boolean(),
});

export const ZOwnerAnswerQuestion = safeText()
  .trim()
  .min(1, 'validation.required')
  .max(MAX_ANSWER_QUESTION_CHARS, 'validation.tooLong');
export const ZOwnerAnswerText = safeText()
  .trim()
  .min(1, 'validation.required')
  .max(MAX_ANSWER_CHARS, 'validation.tooLong');

/** POST /api/business-cards/:id/answers (the form and the route). */
export const ZOwnerAnswerCreate = z.object({
  question: ZOwnerAnswerQuestion,
  answer: ZOwnerAnswerText,
  /** The group of the list this answers: its other wordings are answered too. */
  groupId: opaqueId('questions.errors.groupId').optional(),
});
export type TOwnerAnswerCreate = z.input<typeof ZOwnerAnswerCreate>;

/** PUT /api/business-cards/:id/answers/:answerId: what it names changes. */
export const ZOwnerAnswerUpdate = z
  .object({ question: ZOwnerAnswerQuestion, answer: ZOwnerAnswerText })
  .partial()
  .refine((value) => value.question !== undefined || value.answer !== undefined, {
    message: 'questions.errors.nothingToChange',
    path: ['answer'],
  });
export type TOwnerAnswerUpdate = z.input<typeof ZOwnerAnswerUpdate>;

export const ZOwnerAnswer = z.object({
  id: z.number().int(),
  businessCardId: z.number().int(),
  question: z.string(),
  answer: z.string(),
  /** Other wordings of the question answered by it (a group's examples). */
  variants: z.array(z.string()),
  /** Questions answered from it so far, and how buyers rated those answers. */
  timesUsed: z.number().int().nonnegative(),
  ratedUp: z.number().int().nonnegative(),
  ratedDown: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TOwnerAnswer = z.infer<typeof ZOwnerAnswer>;

export const ZOwnerAnswers = z.object({ answers: z.array(ZOwnerAnswer) });

export const ZAnswerIdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  answerId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const UNANSWERED_REASONS = ['declined', 'unhelpful'] as const;
export type TUnansweredReason = (typeof UNANSWERED_REASONS)[number];

export const ZUnansweredQuery = z.object({
  limit: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(MAX_UNANSWERED_PAGE, 'validation.invalid')
    .default(DEFAULT_UNANSWERED_PAGE),
  offset: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .min(0, 'validation.invalid')
    .max(1_000_000, 'validation.invalid')
    .default(0),
});

export const ZUnansweredGroup = z.object({
  id: z.string(),
  /** The wording asked most often (the newest among equals). */
  question: z.string(),
  /** Distinct wordings, newest first. */
  examples: z.array(z.string()),
  /** Questions in the group still waiting for an answer. */
  count: z.number().int().positive(),
  lastAskedAt: z.string(),
  /** Languages the buyers asked in (en, zh-CN, zh-TW). */
  languages: z.array(z.string()),
  /** "unhelpful" when a buyer rated an answer in the group 👎, else "declined". */
  reason: z.enum(UNANSWERED_REASONS),
  /** The conversations (visitor sessions) it was asked in, newest first. */
  conversationIds: z.array(z.number().int()),
});
export type TUnansweredGroup = z.infer<typeof ZUnansweredGroup>;

export const ZUnansweredList = z.object({
  groups: z.array(ZUnansweredGroup),
  /** Groups in the whole list (the count badge). */
  total: z.number().int().nonnegative(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type TUnansweredList = z.infer<typeof ZUnansweredList>;

/** GET /api/unanswered-counts: the badge of each of the owner's cards. */
export const ZUnansweredCounts = z.object({
  total: z.number().int().nonnegative(),
  cards: z.array(z.object({ businessCardId: z.number().int(), count: z.number().int() })),
});
export type TUnansweredCounts = z.infer<typeof ZUnansweredCounts>;

/** `?businessCardId=&days=`: one card or all the owner's cards, the last `days` days. */
export const ZAnswerAnalyticsQuery = z.object({
  businessCardId: z.coerce
    .number('validation.invalid')
    .int('validation.invalid')
    .positive('validation.invalid')
    .max(2_147_483_647, 'validation.invalid')
    .optional(),
  days: z.coerce
    .number('analytics.daysInvalid')
    .int('analytics.daysInvalid')
    .min(1, 'analytics.daysInvalid')
    .max(365, 'analytics.daysInvalid')
    .default(30),
});

const count = z.number().int().nonnegative();

/**
 * Questions buyers asked (greetings not counted), answered with a citation (from the documents
 * or the exhibitor's answers), declined (no citation), rated 👍 / 👎, and answered from the
 * exhibitor's own answers.
 */
export const ZAnswerAnalytics = z.object({
  asked: count,
  answered: count,
  declined: count,
  ratedUp: count,
  ratedDown: count,
  fromAnswers: count,
});
export type TAnswerAnalytics = z.infer<typeof ZAnswerAnalytics>;

/** GET /api/analytics/answers/daily: the same figures per UTC day, oldest first. */
export const ZAnswerAnalyticsDaily = z.object({
  days: z.number().int(),
  daily: z.array(ZAnswerAnalytics.extend({ date: z.string() })),
});
export type TAnswerAnalyticsDaily = z.infer<typeof ZAnswerAnalyticsDaily>;
