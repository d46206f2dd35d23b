import type { TBusinessCard } from '#shared/schemas/cards.ts';
import type { TPublicCard } from '#shared/schemas/public-card.ts';

/** Only what a finished card shows in public: no owner account, documents or AI settings. */
export function toPublicCard(card: TBusinessCard): TPublicCard {
  return {
    id: card.id,
    companyName: card.companyName,
    contactPerson: card.contactPerson,
    jobTitle: card.jobTitle,
    email: card.email,
    phone: card.phone,
    website: card.website,
    address: card.address,
    wechatId: card.wechatId,
    whatsapp: card.whatsapp,
    linkedinUrl: card.linkedinUrl,
    logoUrl: card.logoUrl,
    cardTemplate: card.cardTemplate,
    primaryColor: card.primaryColor,
    secondaryColor: card.secondaryColor,
    chatUrl: card.chatUrl,
    vcardUrl: `/api/business-cards/${card.id}/vcard`,
  };
}
