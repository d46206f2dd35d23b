import { z } from 'zod';
import { CARD_TEMPLATES, DOCUMENT_ACCEPT_LIST, type DocumentFormatKind } from '../limits.ts';
import { clearable, jobTitle, linkedinUrl, wechatId, whatsappNumber } from './card-contact.ts';
import {
  clearableText,
  optionalEmail,
  optionalText as optionalTextUpTo,
  safeText,
  websiteText,
} from './text.ts';

/*
 * Cards, company details and documents: one contract for the routes and the forms.
 * Messages are i18n keys (src/shared/i18n, sections "validation" and "errors").
 */

export { CARD_TEMPLATES };
export const ZCardTemplate = z.enum(CARD_TEMPLATES);
export type TCardTemplate = z.infer<typeof ZCardTemplate>;

/** The models a card can choose (presets of src/server/ai/presets.ts, all OpenAI-compatible). */
export const AI_MODELS = ['openai', 'deepseek', 'qwen', 'ollama'] as const;
export const ZAiModel = z.enum(AI_MODELS);
export type TAiModel = z.infer<typeof ZAiModel>;
export const DEFAULT_AI_MODEL: TAiModel = 'openai';
/** Who answers a card's visitors: the built-in engine (no key, no network) or a chosen model. */
export const ZAiProvider = z.enum(['local', ...AI_MODELS]);
export type TAiProvider = z.infer<typeof ZAiProvider>;
/**
 * What a card may choose on the model screen: the built-in assistant ('local': no key, no
 * network, answers from the documents with sources) or one of the models.
 */
export const ASSISTANT_CHOICES = ZAiProvider.options;

/**
 * The recommendation of the model screen: the model the documents' analysis points to when
 * this server can call it, else another model it can call, else the built-in assistant (no
 * model set up on this server).
 */
export function recommendAssistant(
  fromAnalysis: TAiModel | null | undefined,
  ready: readonly TAiModel[],
): TAiProvider {
  if (fromAnalysis && ready.includes(fromAnalysis)) return fromAnalysis;
  return ready[0] ?? 'local';
}
export const DEFAULT_TEMPLATE: TCardTemplate = 'modern';

/** The one logo rule is named in limits.ts; re-exported for the card forms. */
export { LOGO_MAX_BYTES } from '../limits.ts';
export const MAX_DOCUMENTS_PER_UPLOAD = 10;
export const MAX_DOCUMENT_BYTES = 150 * 1024 * 1024;
/** The kinds a stored document can have (one list: DOCUMENT_FORMATS in limits.ts). */
export type TDocumentKind = DocumentFormatKind;
/** What the file picker offers; the server decides by content, never by this list. */
export const DOCUMENT_ACCEPT = DOCUMENT_ACCEPT_LIST;

const optionalText = optionalTextUpTo(300);

/** The text fields of the company details form (the logo file travels beside them). */
export const ZCompanyDetailsFields = z.object({
  username: safeText().trim().min(2, 'validation.nameMin2').max(50, 'validation.tooLong'),
  companyName: safeText()
    .trim()
    .min(2, 'validation.companyNameMin2')
    .max(200, 'validation.tooLong'),
  email: optionalEmail().transform((value) => (value ? value : undefined)),
  phone: safeText().trim().min(1, 'validation.phoneRequired').max(50, 'validation.tooLong'),
  website: websiteText(300).pipe(z.string().min(1, 'validation.websiteRequired')),
  address: optionalText,
});
export type TCompanyDetailsFields = z.input<typeof ZCompanyDetailsFields>;
export type TCompanyDetailsData = z.output<typeof ZCompanyDetailsFields>;

/**
 * A finished card's company and contact details, as the card page's edit dialog and
 * PUT /api/business-cards/:id take them: the wizard's rules for its fields (one definition),
 * plus job title, WeChat ID, WhatsApp and LinkedIn. '' clears a field (the card then shows the
 * owner's profile value, where there is one).
 */
export const ZCardDetailsFields = z.object({
  companyName: clearable(ZCompanyDetailsFields.shape.companyName),
  contactPerson: clearable(ZCompanyDetailsFields.shape.username),
  /** The contact's family and given name for the saved contact (vCard N); '' clears. */
  familyName: clearableText(60),
  givenName: clearableText(60),
  jobTitle: clearable(jobTitle()),
  email: optionalEmail(),
  phone: clearable(ZCompanyDetailsFields.shape.phone),
  website: websiteText(300).optional(),
  address: clearableText(300),
  wechatId: clearable(wechatId()),
  whatsapp: clearable(whatsappNumber()),
  linkedinUrl: clearable(linkedinUrl()),
});
export type TCardDetailsFields = z.input<typeof ZCardDetailsFields>;
export const CARD_DETAIL_FIELDS = Object.keys(
  ZCardDetailsFields.shape,
) as (keyof typeof ZCardDetailsFields.shape)[];

export const ZAnalysisResult = z.object({
  primaryLanguage: z.enum(['zh-CN', 'zh-TW', 'en-US', 'ja-JP', 'ko-KR', 'unknown']),
  secondaryLanguages: z.array(z.string()),
  industry: z.string(),
  documentComplexity: z.enum(['high', 'medium', 'low']),
  contentTypes: z.array(z.string()),
  technicalTerms: z.boolean(),
  financialData: z.boolean(),
  legalContent: z.boolean(),
  marketingContent: z.boolean(),
  recommendedModel: ZAiModel,
  reasoning: z.string(),
  // No confidence figure: the recommendation is a rule over the documents, its accuracy unmeasured.
  /** How many ready documents the analysis read. */
  documents: z.number().int(),
});
export type TAnalysisResult = z.infer<typeof ZAnalysisResult>;

export const ZDocumentStatus = z.enum(['pending', 'processing', 'ready', 'failed']);
export type TDocumentStatus = z.infer<typeof ZDocumentStatus>;

/**
 * Long work on a document: while processing, "OCR page done+1 of total"; once ready, where OCR
 * stopped early (page cap or time limit), if it did.
 */
export const ZDocumentProgress = z.object({
  stage: z.literal('ocr'),
  done: z.number().int(),
  total: z.number().int(),
  stoppedAtPage: z.number().int().nullable().optional(),
  stoppedBy: z.enum(['page-cap', 'time-limit']).nullable().optional(),
  /** Pages whose text decoded to garbage and were read by OCR instead. */
  garbledPages: z.number().int().optional(),
});
export type TDocumentProgress = z.infer<typeof ZDocumentProgress>;

export const ZDocument = z.object({
  id: z.number().int(),
  businessCardId: z.number().int().nullable(),
  fileName: z.string(),
  fileType: z.string(),
  fileSize: z.number().int(),
  status: ZDocumentStatus,
  /** A readable reason in the request's language, when failed. */
  error: z.string().nullable(),
  pageCount: z.number().int().nullable(),
  progress: ZDocumentProgress.nullable().optional(),
  /** The progress as a sentence in the request's language ("OCR page 3 of 20"). */
  progressText: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type TDocument = z.infer<typeof ZDocument>;

/** What the assistant reads from one document, page by page (GET /api/documents/:id/text). */
export const ZDocumentText = z.object({
  id: z.number().int(),
  fileName: z.string(),
  status: ZDocumentStatus,
  pageCount: z.number().int().nullable(),
  /** [] until the document is ready (or when nothing could be read from it). */
  pages: z.array(z.object({ page: z.number().int().nullable(), text: z.string() })),
});
export type TDocumentText = z.infer<typeof ZDocumentText>;

export const ZUploadDocumentsResponse = z.object({ documents: z.array(ZDocument) });
export type TUploadDocumentsResponse = z.infer<typeof ZUploadDocumentsResponse>;

/** The owner's profile as a card shows it. */
export const ZCardOwner = z.object({
  id: z.number().int(),
  username: z.string(),
  companyName: z.string().nullable(),
  companyLogo: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
});
export type TCardOwner = z.infer<typeof ZCardOwner>;

export const CARD_STATUSES = ['draft', 'ready'] as const;
export const ZCardStatus = z.enum(CARD_STATUSES);
export type TCardStatus = z.infer<typeof ZCardStatus>;

export const ZBusinessCard = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** Path of the visitor chat, e.g. /chat/card/12; the QR encodes PUBLIC_URL + this. */
  qrCode: z.string(),
  /** PUBLIC_URL + qrCode: what the QR code encodes. */
  chatUrl: z.string(),
  cardDesign: z.string(),
  /** Display values: the card's own, else the owner's (the card falls back to the user). */
  companyName: z.string().nullable(),
  contactPerson: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  /**
   * The card's own (no owner fallback): the contact's family and given name as typed (null:
   * split from contactPerson), job title, WeChat ID, WhatsApp (+digits), LinkedIn.
   */
  familyName: z.string().nullable().optional(),
  givenName: z.string().nullable().optional(),
  jobTitle: z.string().nullable(),
  wechatId: z.string().nullable(),
  whatsapp: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  cardTemplate: ZCardTemplate,
  primaryColor: z.string(),
  secondaryColor: z.string(),
  /** 'local' is the built-in assistant, chosen on its own. */
  selectedAiModel: ZAiProvider,
  recommendedAiModel: ZAiModel,
  modelRecommendationReason: z.string().nullable(),
  aiModelAnalysis: ZAnalysisResult.nullable(),
  documentCount: z.number().int(),
  /** true once the wizard's "Generate card" ran. */
  finalized: z.boolean(),
  /** `draft` until the wizard's "Generate card" ran, then `ready` (public QR, link, page). */
  status: ZCardStatus,
  user: ZCardOwner,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TBusinessCard = z.infer<typeof ZBusinessCard>;

export const ZCardSessionResponse = z.object({ businessCardId: z.number().int() });

export const ZUpdateCardRequest = ZCardDetailsFields.extend({
  cardTemplate: ZCardTemplate,
  primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'validation.color'),
  secondaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'validation.color'),
}).partial();
export type TUpdateCardRequest = z.input<typeof ZUpdateCardRequest>;

/**
 * A model that is not set up on this server is accepted and saved too: the built-in assistant
 * answers (and says so) until it is.
 */
export const ZSelectModelRequest = z.object({ selectedAiModel: ZAiProvider });

/**
 * GET /api/business-cards/{id}/assistant: who answers the card's visitors, and what this server
 * offers. Owners never see how a model is configured (environment variables): admins see that
 * in the admin panel.
 */
export const ZAssistantStatus = z.object({
  selectedModel: ZAiProvider,
  provider: ZAiProvider,
  /** The selected model cannot answer on this server (no key): the built-in engine answers. */
  fellBack: z.boolean(),
  /** What the model screen recommends (recommendAssistant). */
  recommended: ZAiProvider,
  /** Every model a card can choose: whether it is set up on this server, and what it calls. */
  models: z.array(
    z.object({
      id: ZAiModel,
      ready: z.boolean(),
      model: z.string(),
    }),
  ),
});
export type TAssistantStatus = z.infer<typeof ZAssistantStatus>;
export const ZFinalizeRequest = z.object({
  cardDesign: safeText().trim().max(50, 'validation.tooLong').default('default'),
});

export const ZIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
