import { eq } from 'drizzle-orm';
import { LANGUAGES } from '#shared/limits.ts';
import {
  ZLandingContent,
  type TLandingContent,
  type TLandingContentResponse,
  type TLocalizedText,
} from '#shared/landing.ts';
import type { AppContext } from '#server/context.ts';
import { siteContent } from '#server/db/schema.ts';
import { translate } from '#server/lib/i18n.ts';

/*
 * The landing page's content (promises, testimonials, the closing text): what the admin saved,
 * else the server's defaults. The defaults come from the locale files in all three languages,
 * quote no customer (so the testimonials section is hidden) and promise only what holds for a
 * server the exhibitor runs themselves.
 */

export const LANDING_KEY = 'landing';

/** The default promises: true of every DocuCard server, with or without an AI provider. */
const DEFAULT_PROMISES = ['selfHosted', 'ownDocuments', 'noProvider'] as const;

const inEveryLanguage = (key: string): TLocalizedText =>
  Object.fromEntries(
    LANGUAGES.map((language) => [language, translate(language, key)]),
  ) as TLocalizedText;

export function defaultLandingContent(): TLandingContent {
  return {
    promises: DEFAULT_PROMISES.map((key) => inEveryLanguage(`landing.defaults.promises.${key}`)),
    testimonials: [],
    cta: inEveryLanguage('landing.defaults.cta'),
  };
}

export async function readLandingContent(ctx: AppContext): Promise<TLandingContentResponse> {
  const [row] = await ctx.db
    .select()
    .from(siteContent)
    .where(eq(siteContent.key, LANDING_KEY))
    .limit(1);
  // A stored value that no longer fits the schema (an older shape) falls back to the defaults.
  const stored = row ? ZLandingContent.safeParse(row.value) : null;
  if (!row || !stored?.success) {
    return { content: defaultLandingContent(), isDefault: true, updatedAt: null };
  }
  return { content: stored.data, isDefault: false, updatedAt: row.updatedAt.toISOString() };
}
