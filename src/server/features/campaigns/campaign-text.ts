import type { Language } from '#shared/limits.ts';
import { isLanguage } from '#shared/limits.ts';
import type { TCampaign } from '#shared/campaigns.ts';
import type { pushNotificationCampaigns } from '#server/db/schema.ts';

/*
 * A campaign holds its main text (in `language`) and, optionally, the same message in the other
 * interface languages. A visitor gets the text of their own language, else the main one.
 */

type CampaignRow = typeof pushNotificationCampaigns.$inferSelect;

export interface CampaignText {
  title: string;
  message: string;
  actionText: string | null;
}

export type CampaignTranslations = TCampaign['translations'];

/** The stored translations, read defensively (a jsonb column holds whatever was written). */
export function storedTranslations(row: Pick<CampaignRow, 'translations'>): CampaignTranslations {
  const value = row.translations;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const texts: CampaignTranslations = {};
  for (const [language, text] of Object.entries(value as Record<string, unknown>)) {
    if (!isLanguage(language) || !text || typeof text !== 'object') continue;
    const { title, message, actionText } = text as Record<string, unknown>;
    if (typeof title !== 'string' || typeof message !== 'string') continue;
    texts[language] = {
      title,
      message,
      actionText: typeof actionText === 'string' && actionText ? actionText : null,
    };
  }
  return texts;
}

/** The translations to store: empty action texts as null, none in the main text's language. */
export function translationsToStore(
  mainLanguage: Language,
  input: Partial<Record<Language, { title: string; message: string; actionText?: string }>>,
): CampaignTranslations {
  const texts: CampaignTranslations = {};
  for (const [language, text] of Object.entries(input)) {
    if (!isLanguage(language) || language === mainLanguage || !text) continue;
    texts[language] = {
      title: text.title,
      message: text.message,
      actionText: text.actionText || null,
    };
  }
  return texts;
}

/** The text a visitor in `visitorLanguage` gets: their language's, else the campaign's main one. */
export function campaignTextFor(
  row: Pick<CampaignRow, 'title' | 'message' | 'actionText' | 'language' | 'translations'>,
  visitorLanguage: string | null | undefined,
): CampaignText {
  const main = { title: row.title, message: row.message, actionText: row.actionText };
  if (!isLanguage(visitorLanguage) || visitorLanguage === row.language) return main;
  const translated = storedTranslations(row)[visitorLanguage];
  if (!translated) return main;
  // An action button is the main text's when the translation leaves it out.
  return { ...translated, actionText: translated.actionText ?? main.actionText };
}
