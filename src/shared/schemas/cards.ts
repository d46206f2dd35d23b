import { z } from 'zod';

/*
 * Cards, company details and documents: one contract for the routes and the forms.
 * Messages are i18n keys (src/web/i18n, sections "validation" and "errors").
 */

export const CARD_TEMPLATES = [
  'modern',
  'minimal',
  'gradient',
  'corporate',
  'chinese',
  'tech',
] as const;
export const ZCardTemplate = z.enum(CARD_TEMPLATES);
export type TCardTemplate = z.infer<typeof ZCardTemplate>;

export const AI_MODELS = ['openai', 'deepseek'] as const;
export const ZAiModel = z.enum(AI_MODELS);
export type TAiModel = z.infer<typeof ZAiModel>;
export const DEFAULT_AI_MODEL: TAiModel = 'openai';
export const DEFAULT_TEMPLATE: TCardTemplate = 'modern';

/** Logo in the details form (spec: under 20 MB). */
export const DETAILS_LOGO_MAX_BYTES = 20 * 1024 * 1024;
/** Logo on the logo-upload screen and in the edit dialog (5 MB). */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const MAX_DOCUMENTS_PER_UPLOAD = 10;
export const MAX_DOCUMENT_BYTES = 150 * 1024 * 1024;
export const DOCUMENT_KINDS = ['pdf', 'docx', 'pptx', 'txt', 'jpg', 'png'] as const;
export type TDocumentKind = (typeof DOCUMENT_KINDS)[number];
/** What the file picker offers; the server decides by content, never by this list. */
export const DOCUMENT_ACCEPT = '.pdf,.docx,.pptx,.txt,.jpg,.jpeg,.png';

const optionalText = z
  .string()
  .trim()
  .max(300, 'validation.tooLong')
  .optional()
  .transform((value) => (value ? value : undefined));

/** The text fields of the company details form (the logo file travels beside them). */
export const ZCompanyDetailsFields = z.object({
  username: z.string().trim().min(2, 'validation.nameMin2').max(50, 'validation.tooLong'),
  companyName: z
    .string()
    .trim()
    .min(2, 'validation.companyNameMin2')
    .max(200, 'validation.tooLong'),
  email: z
    .union([z.literal(''), z.string().trim().toLowerCase().pipe(z.email('validation.email'))])
    .optional()
    .transform((value) => (value ? value : undefined)),
  phone: z.string().trim().min(1, 'validation.phoneRequired').max(50, 'validation.tooLong'),
  website: z.string().trim().min(1, 'validation.websiteRequired').max(300, 'validation.tooLong'),
  address: optionalText,
});
export type TCompanyDetailsFields = z.input<typeof ZCompanyDetailsFields>;
export type TCompanyDetailsData = z.output<typeof ZCompanyDetailsFields>;

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
  confidence: z.number().min(0).max(1),
  /** How many ready documents the analysis read. */
  documents: z.number().int(),
});
export type TAnalysisResult = z.infer<typeof ZAnalysisResult>;

export const ZDocumentStatus = z.enum(['pending', 'processing', 'ready', 'failed']);
export type TDocumentStatus = z.infer<typeof ZDocumentStatus>;

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
  createdAt: z.string(),
});
export type TDocument = z.infer<typeof ZDocument>;

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

export const ZBusinessCard = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** Path of the visitor chat, e.g. /chat/card/12; the QR encodes PUBLIC_URL + this. */
  qrCode: z.string(),
  /** PUBLIC_URL + qrCode: what the QR code encodes. */
  chatUrl: z.string(),
  cardDesign: z.string(),
  /** Display values: the card's own, else the owner's (spec: the card falls back to the user). */
  companyName: z.string().nullable(),
  contactPerson: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  logoUrl: z.string().nullable(),
  cardTemplate: ZCardTemplate,
  primaryColor: z.string(),
  secondaryColor: z.string(),
  selectedAiModel: ZAiModel,
  recommendedAiModel: ZAiModel,
  modelRecommendationReason: z.string().nullable(),
  aiModelAnalysis: ZAnalysisResult.nullable(),
  documentCount: z.number().int(),
  /** true once the wizard's "Generate card" ran. */
  finalized: z.boolean(),
  user: ZCardOwner,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TBusinessCard = z.infer<typeof ZBusinessCard>;

export const ZCardSessionResponse = z.object({ businessCardId: z.number().int() });

export const ZUpdateCardRequest = z
  .object({
    cardTemplate: ZCardTemplate,
    companyName: optionalText,
    contactPerson: optionalText,
    email: z
      .union([z.literal(''), z.string().trim().toLowerCase().pipe(z.email('validation.email'))])
      .optional(),
    phone: optionalText,
    website: optionalText,
    address: optionalText,
    primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'validation.color'),
    secondaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'validation.color'),
  })
  .partial();
export type TUpdateCardRequest = z.input<typeof ZUpdateCardRequest>;

export const ZSelectModelRequest = z.object({ selectedAiModel: ZAiModel });
export const ZFinalizeRequest = z.object({
  cardDesign: z.string().trim().max(50).default('default'),
});

export const ZIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
