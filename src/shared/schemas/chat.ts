import { z } from 'zod';

/* The visitor chat and the owner's red list: one contract for routes and the page. */

import {
  CHAT_IMAGE_TYPES,
  MAX_CHAT_IMAGE_BASE64_CHARS,
  MAX_CHAT_MESSAGE_CHARS,
} from '../chat-limits.ts';
import { ZAiProvider } from './cards.ts';
import { optionalEmail, safeText } from './text.ts';

export { CHAT_IMAGE_TYPES, MAX_CHAT_IMAGE_BASE64_CHARS, MAX_CHAT_MESSAGE_CHARS };
export const VISITOR_COOKIE = 'docucard.vid';

export const ZChatMessageText = safeText()
  .trim()
  .min(1, 'validation.required')
  .max(MAX_CHAT_MESSAGE_CHARS, 'validation.messageTooLong');

export const ZChatRequest = z.object({ message: ZChatMessageText });
export type TChatRequest = z.input<typeof ZChatRequest>;

export const ZCitation = z.object({
  documentName: z.string(),
  page: z.number().int().nullable(),
  excerpt: z.string(),
  /** null for the exhibitor's own answers, which are no document. */
  documentId: z.number().int().nullable().optional(),
  /**
   * `/api/documents/:documentId/pages/:page/preview`: an image of the cited page with the quoted
   * passage marked. null for the exhibitor's own answers. (Optional only for messages stored
   * before previews existed.)
   */
  previewUrl: z.string().nullable().optional(),
});
export type TCitation = z.infer<typeof ZCitation>;

/** A picture beside the cited passage on its page (a catalogue's product photo), cropped from it. */
export const ZAnswerImage = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  documentId: z.number().int(),
  page: z.number().int().nullable(),
});
export type TAnswerImage = z.infer<typeof ZAnswerImage>;

/**
 * `message` is null (and `humanTakeover` true) while a person from the booth answers instead of
 * the assistant: the visitor's message is stored and passed on, nothing is generated.
 */
export const ZChatResponse = z.object({
  message: z.string().nullable(),
  citations: z.array(ZCitation),
  /** The product's picture(s) beside the cited passages; [] or absent when there is none. */
  images: z.array(ZAnswerImage).optional(),
  humanTakeover: z.boolean().optional(),
  /** Who wrote the answer: 'local' is the built-in assistant, else the card's model. */
  answeredBy: ZAiProvider.optional(),
  /**
   * The card's chosen model could not answer (not set up on this server, or it failed): the
   * built-in assistant answered instead.
   */
  fellBack: z.boolean().optional(),
  /** The answer's id, for the visitor's 👍 / 👎 (POST /api/chat/:cardId/feedback). */
  messageId: z.string().optional(),
});
export type TChatResponse = z.infer<typeof ZChatResponse>;

export const ZChatImageRequest = z.object({
  message: safeText().trim().max(MAX_CHAT_MESSAGE_CHARS, 'validation.messageTooLong').optional(),
  /** Base64 without the data: prefix. */
  image: safeText()
    .min(1, 'validation.required')
    .max(MAX_CHAT_IMAGE_BASE64_CHARS, 'validation.imageTooLarge'),
  imageType: z.enum(CHAT_IMAGE_TYPES, 'validation.imageType'),
});
export type TChatImageRequest = z.input<typeof ZChatImageRequest>;

export const ZStoredChatMessage = z.object({
  role: z.enum(['user', 'assistant', 'agent']),
  content: z.string(),
  citations: z.array(ZCitation).optional(),
  images: z.array(ZAnswerImage).optional(),
  /** A photo the visitor sent: its id, served to the card's owner only. */
  image: z.string().optional(),
  createdAt: z.string(),
  /** An assistant answer's id (rated with POST /api/chat/:cardId/feedback). */
  messageId: z.string().optional(),
  /** The visitor's own rating of that answer, in their history. */
  helpful: z.boolean().optional(),
});
export type TStoredChatMessage = z.infer<typeof ZStoredChatMessage>;

export const ZChatHistoryResponse = z.object({ messages: z.array(ZStoredChatMessage) });

export const ZChatSessionInfo = z.object({
  businessCardId: z.number().int(),
  username: z.string(),
  companyName: z.string().nullable(),
  companyLogo: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  /** The contact person's job title and messaging handles (each null when the card has none). */
  jobTitle: z.string().nullable(),
  wechatId: z.string().nullable(),
  whatsapp: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  /**
   * Questions the card's documents answer, in the visitor's language (3–4; [] without
   * documents). Always sent by the session-info route; optional for the card-only reads.
   */
  suggestedQuestions: z.array(z.string()).optional(),
});
export type TChatSessionInfo = z.infer<typeof ZChatSessionInfo>;

export const ZLeadRequest = z
  .object({
    name: safeText().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
    company: safeText().trim().max(200, 'validation.tooLong').optional(),
    email: optionalEmail(),
    phone: safeText().trim().max(50, 'validation.tooLong').optional(),
    consent: z.literal(true, 'validation.consentRequired'),
  })
  .refine((lead) => Boolean(lead.email || lead.phone), {
    message: 'validation.emailOrPhone',
    path: ['email'],
  });
export type TLeadRequest = z.input<typeof ZLeadRequest>;

export const RED_LIST_CATEGORIES = [
  'custom',
  'pricing',
  'certification',
  'legal',
  'delivery',
  'product',
] as const;

export const ZRedListKeyword = z.object({
  id: z.number().int(),
  businessCardId: z.number().int(),
  keyword: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type TRedListKeyword = z.infer<typeof ZRedListKeyword>;

const redListFields = {
  keyword: safeText().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  /** '' clears it (stored as null). */
  description: safeText().trim().max(500, 'validation.tooLong').optional(),
  category: z.enum(RED_LIST_CATEGORIES),
  isActive: z.boolean(),
};

export const ZRedListCreate = z.object({
  ...redListFields,
  category: redListFields.category.default('custom'),
  isActive: redListFields.isActive.default(true),
});
export type TRedListCreate = z.input<typeof ZRedListCreate>;
/** A partial edit changes only what it names (no defaults fill the rest). */
export const ZRedListUpdate = z.object(redListFields).partial();
