import { z } from 'zod';
import { clearableText, optionalEmail, optionalText, safeText, websiteText } from './text.ts';
import { LANGUAGES, LEAD_PRIORITIES } from '../limits.ts';

/* The sales pipeline: leads, tasks, settings, analytics, webhook, paper cards. */

export const LEAD_STAGES = ['visitor', 'engaged', 'interested', 'qualified', 'converted'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];
export { LEAD_PRIORITIES };
export type LeadPriority = (typeof LEAD_PRIORITIES)[number];
export const TASK_TYPES = ['call', 'email', 'meeting', 'follow_up', 'quotation', 'sample'] as const;
export const TASK_STATUSES = ['pending', 'completed'] as const;

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const ZLeadParams = z.object({ visitorSessionId: id });

export const ZLeadQuery = z.object({
  stage: z.enum(LEAD_STAGES).optional(),
  priority: z.enum(LEAD_PRIORITIES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export type TLeadQuery = z.output<typeof ZLeadQuery>;

export const ZLead = z.object({
  visitorSessionId: z.number().int(),
  businessCardId: z.number().int(),
  cardName: z.string().nullable(),
  name: z.string().nullable(),
  company: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  jobTitle: z.string().nullable(),
  messageCount: z.number().int(),
  engagementScore: z.number().int(),
  intentScore: z.number().int(),
  totalScore: z.number().int(),
  stage: z.enum(LEAD_STAGES),
  priority: z.enum(LEAD_PRIORITIES),
  stageManual: z.boolean(),
  priorityManual: z.boolean(),
  buyingSignals: z.array(z.string()),
  source: z.string().nullable(),
  deviceType: z.string().nullable(),
  country: z.string().nullable(),
  lastActivity: z.string(),
  notes: z.string().nullable(),
});
export type TLead = z.infer<typeof ZLead>;

export const ZLeadList = z.object({
  leads: z.array(ZLead),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type TLeadList = z.infer<typeof ZLeadList>;

export const ZLeadUpdate = z
  .object({
    stage: z.enum(LEAD_STAGES),
    priority: z.enum(LEAD_PRIORITIES),
    /** '' clears the notes. */
    notes: clearableText(2000),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'validation.required' });
export type TLeadUpdate = z.input<typeof ZLeadUpdate>;

export const ZTaskCreate = z.object({
  visitorSessionId: id,
  title: safeText().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  taskType: z.enum(TASK_TYPES),
  dueDate: z.iso.datetime({ offset: true, message: 'validation.invalid' }).or(z.iso.date()),
  description: optionalText(2000),
  priority: z.enum(LEAD_PRIORITIES).optional(),
});
export type TTaskCreate = z.input<typeof ZTaskCreate>;

export const ZTaskUpdate = z
  .object({
    status: z.enum(TASK_STATUSES),
    title: safeText().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
    description: clearableText(2000),
    dueDate: z.iso.datetime({ offset: true, message: 'validation.invalid' }).or(z.iso.date()),
    suggestedMessage: clearableText(4000),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'validation.required' });
export type TTaskUpdate = z.input<typeof ZTaskUpdate>;

export const ZTaskQuery = z.object({ status: z.enum(TASK_STATUSES).optional() });

export const ZTask = z.object({
  id: z.number().int(),
  visitorSessionId: z.number().int().nullable(),
  leadName: z.string().nullable(),
  taskType: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  priority: z.string(),
  status: z.enum(TASK_STATUSES),
  dueDate: z.string().nullable(),
  completedAt: z.string().nullable(),
  suggestedMessage: z.string().nullable(),
  createdAt: z.string(),
});
export type TTask = z.infer<typeof ZTask>;

export const ZPipelineSettings = z.object({
  highPriorityAfterMessages: z.coerce.number().int().min(1).max(1000),
  idleDaysLowerPriority: z.coerce.number().int().min(1).max(365),
  autoFollowUpEmail: z.boolean(),
});
export type TPipelineSettings = z.infer<typeof ZPipelineSettings>;
export const DEFAULT_PIPELINE_SETTINGS: TPipelineSettings = {
  highPriorityAfterMessages: 5,
  idleDaysLowerPriority: 7,
  autoFollowUpEmail: false,
};

/** The follow-up mail as it will be sent: the headers a buyer sees, and the text. */
export const ZFollowUpDraft = z.object({
  to: z.string().nullable(),
  /** Shown as the sender: the exhibitor's company – person (the address is the server's). */
  senderName: z.string().nullable(),
  /** Where the buyer's reply goes: the owner's verified address. */
  replyTo: z.string().nullable(),
  /** The buyer's language the text is written in. */
  language: z.enum(LANGUAGES),
  subject: z.string(),
  body: z.string(),
});
export type TFollowUpDraft = z.infer<typeof ZFollowUpDraft>;

export const ZFollowUpSend = z.object({
  subject: safeText().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  body: safeText().trim().min(1, 'validation.required').max(10_000, 'validation.tooLong'),
});
export type TFollowUpSend = z.input<typeof ZFollowUpSend>;

export const ZPipelineDay = z.object({
  date: z.string(),
  visitors: z.number().int(),
  leads: z.number().int(),
  qualified: z.number().int(),
  converted: z.number().int(),
});

export const ZPipelineAnalytics = z.object({
  funnel: z.object({
    visitors: z.number().int(),
    leads: z.number().int(),
    qualified: z.number().int(),
    converted: z.number().int(),
  }),
  averageEngagementScore: z.number(),
  daily: z.array(ZPipelineDay),
});
export type TPipelineAnalytics = z.infer<typeof ZPipelineAnalytics>;

export const ZWebhookUpdate = z.object({
  url: safeText()
    .trim()
    .max(2000, 'validation.tooLong')
    .pipe(z.url({ protocol: /^https?$/, message: 'validation.url' })),
  secret: safeText().trim().min(16, 'validation.secretTooShort').max(200, 'validation.tooLong'),
});
export type TWebhookUpdate = z.input<typeof ZWebhookUpdate>;

export const ZWebhook = z.object({
  url: z.string().nullable(),
  secretHint: z.string().nullable(),
});
export type TWebhook = z.infer<typeof ZWebhook>;

/** What a paper business card says, as read by OCR; the owner checks it before saving. */
export const ZPaperCardFields = z.object({
  name: z.string(),
  company: z.string(),
  email: z.string(),
  phone: z.string(),
  jobTitle: z.string(),
  website: z.string(),
  address: z.string(),
});
export type TPaperCardFields = z.infer<typeof ZPaperCardFields>;

export const ZPaperCardScan = ZPaperCardFields.extend({ text: z.string() });

export const ZPaperLeadCreate = z
  .object({
    businessCardId: id,
    name: safeText().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
    company: optionalText(200),
    email: optionalEmail(),
    phone: optionalText(50),
    jobTitle: optionalText(100),
    website: websiteText(500).optional(),
    address: optionalText(300),
    notes: optionalText(2000),
  })
  .refine((lead) => Boolean(lead.email || lead.phone), {
    message: 'validation.emailOrPhone',
    path: ['email'],
  });
export type TPaperLeadCreate = z.input<typeof ZPaperLeadCreate>;
