import { z } from 'zod';
import { ZCardTemplate } from './cards.ts';

/**
 * A finished card as anyone may see it (GET /api/cards/:id/public, the page /card/:id): the
 * values printed on the card and the links a buyer needs, nothing about the owner's account,
 * documents or assistant. Display values are already resolved (the card's own, else the
 * owner's profile).
 */
export const ZPublicCard = z.object({
  id: z.number().int(),
  companyName: z.string().nullable(),
  contactPerson: z.string().nullable(),
  jobTitle: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  wechatId: z.string().nullable(),
  whatsapp: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  cardTemplate: ZCardTemplate,
  primaryColor: z.string(),
  secondaryColor: z.string(),
  /** PUBLIC_URL + the chat path (what the QR code encodes, before its `?src=`). */
  chatUrl: z.string(),
  /** Where "Save contact" downloads the vCard from. */
  vcardUrl: z.string(),
});
export type TPublicCard = z.infer<typeof ZPublicCard>;

/** The public page of a card (shared as a link instead of the chat). */
export const publicCardPath = (cardId: number) => `/card/${cardId}`;
