import { and, desc, eq } from 'drizzle-orm';
import type { Assistant } from '#server/ai/assistant.ts';
import { ProviderError, writerFor, type Writer } from '#server/ai/writer.ts';
import type { AppContext } from '#server/context.ts';
import { businessCards, socialMediaContents } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import { LANGUAGE_FOR_MODEL } from '#server/lib/translation.ts';
import { fitToLimit, platformLength } from '#shared/marketing/social-count.ts';
import type { ZSocialGenerateRequest } from '#shared/marketing/social.ts';
import {
  isLocalPostLanguage,
  PLATFORM_CHAR_LIMITS,
  type LOCAL_POST_LANGUAGES,
  type SocialPlatform,
  type TranslationLanguage,
  type TSocialContent,
  type TSocialGenerateResponse,
  type TSocialPost,
} from '#shared/marketing/social.ts';
import { toTraditional } from '#server/text/han-script.ts';
import type { z } from 'zod';
import { companyFacts, factsAsText, type CompanyFacts } from './social-facts.ts';
import { composePost, prefersChinese, targetLength } from './social-compose.ts';

/* POST /api/social/generate and GET /api/social-contents: posts written from a card's facts. */

export interface MarketingDeps {
  ctx: AppContext;
  assistant: Assistant;
  /** Where provider failures are reported (the user gets the local text instead). */
  log?: { warn(details: object, message: string): void };
}

type GenerateInput = z.output<typeof ZSocialGenerateRequest>;

/** The card's facts, or 422 when its documents say nothing yet. */
export async function factsWithContent(
  deps: MarketingDeps,
  ownerId: number,
  cardId: number,
  documentIds?: readonly number[],
): Promise<CompanyFacts> {
  const facts = await companyFacts(deps.ctx, deps.assistant, { ownerId, cardId, documentIds });
  if (!facts.hasDocuments) throw new AppError('UNPROCESSABLE', 'marketingText.errors.noFacts');
  return facts;
}

export const PLATFORM_NAMES: Record<SocialPlatform, string> = {
  linkedin: 'LinkedIn',
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  instagram: 'Instagram',
  wechat_moments: 'WeChat Moments',
  xiaohongshu: 'Xiaohongshu (RED)',
};

/** Kept here too for the generators that import it from this module. */
export { LANGUAGE_FOR_MODEL };

/** The model's text, or null when it failed (the caller then writes locally). */
export async function tryWrite(
  writer: Writer | null,
  deps: MarketingDeps,
  request: Parameters<Writer['write']>[0],
): Promise<string | null> {
  if (!writer) return null;
  try {
    return await writer.write(request);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    deps.log?.warn({ provider: writer.provider, err: error.message }, 'writer failed');
    return null;
  }
}

async function writeWithProvider(
  deps: MarketingDeps,
  writer: Writer | null,
  facts: CompanyFacts,
  input: GenerateInput,
  language: TranslationLanguage,
  hashtags: readonly string[],
): Promise<string | null> {
  const limit = targetLength(input.platform);
  const text = await tryWrite(writer, deps, {
    instruction: [
      `Write one ${input.contentType} for ${PLATFORM_NAMES[input.platform]} in a ${input.tone} tone, in ${LANGUAGE_FOR_MODEL[language]}, about the company in the data.`,
      `At most ${Math.floor(limit * 0.9)} characters in total (each Chinese character counts as ${input.platform === 'twitter' ? 2 : 1}).`,
      `End with these hashtags on their own line: ${hashtags.join(' ')}`,
    ].join('\n'),
    data: factsAsText(facts),
    maxTokens: Math.min(1500, Math.ceil(limit / 2) + 100),
  });
  return text ? fitToLimit(text, input.platform, PLATFORM_CHAR_LIMITS[input.platform]) : null;
}

/** The languages asked for, each once, in order: `languages`, else `language`, else the documents'. */
function requestedLanguages(input: GenerateInput, facts: CompanyFacts): TranslationLanguage[] {
  const fallback: TranslationLanguage = prefersChinese(facts) ? 'zh-CN' : 'en';
  return [...new Set(input.languages ?? [input.language ?? fallback])];
}

/** The post composed from the facts: English, Simplified, or Simplified set in Traditional. */
function composeLocally(
  facts: CompanyFacts,
  input: GenerateInput,
  language: (typeof LOCAL_POST_LANGUAGES)[number],
): { content: string; hashtags: string[] } {
  const composed = composePost(facts, { ...input, language: language === 'en' ? 'en' : 'zh-CN' });
  if (language !== 'zh-TW') return composed;
  return {
    content: toTraditional(composed.content),
    hashtags: composed.hashtags.map(toTraditional),
  };
}

type Written = Omit<TSocialPost, 'id' | 'charCount'>;

/** One language's post, or why it was not written. */
async function writeInLanguage(
  deps: MarketingDeps,
  writer: Writer | null,
  facts: CompanyFacts,
  input: GenerateInput,
  language: TranslationLanguage,
): Promise<Written | 'needsProvider' | 'providerFailed'> {
  if (!isLocalPostLanguage(language) && !writer) return 'needsProvider';
  // A language written only by the provider takes the English post's hashtags.
  const local = composeLocally(facts, input, isLocalPostLanguage(language) ? language : 'en');
  const written = await writeWithProvider(deps, writer, facts, input, language, local.hashtags);
  if (written)
    return { language, content: written, hashtags: local.hashtags, writtenBy: 'provider' };
  if (!isLocalPostLanguage(language)) return 'providerFailed';
  return { language, ...local, writtenBy: 'local' };
}

export async function generateSocialPost(
  deps: MarketingDeps,
  ownerId: number,
  input: GenerateInput,
): Promise<TSocialGenerateResponse> {
  const facts = await factsWithContent(
    deps,
    ownerId,
    input.businessCardId,
    input.includedDocuments,
  );
  const writer = writerFor(deps.ctx, facts.selectedAiModel);
  const languages = requestedLanguages(input, facts);
  const outcomes = await Promise.all(
    languages.map((language) => writeInLanguage(deps, writer, facts, input, language)),
  );
  const needsProvider = languages.filter((_, i) => outcomes[i] === 'needsProvider');
  const providerFailed = languages.filter((_, i) => outcomes[i] === 'providerFailed');
  const written = outcomes.filter((outcome): outcome is Written => typeof outcome !== 'string');
  if (written.length === 0) {
    throw providerFailed.length > 0
      ? new AppError('PROVIDER_FAILED', 'marketingText.errors.providerFailed')
      : new AppError('PROVIDER_REQUIRED', 'marketingText.errors.providerRequiredPost');
  }
  const posts: TSocialPost[] = [];
  for (const post of written) {
    const [row] = await deps.ctx.db
      .insert(socialMediaContents)
      .values({
        businessCardId: facts.cardId,
        platform: input.platform,
        content: post.content,
        hashtags: post.hashtags,
        mentions: [],
        mediaType: 'text',
        language: post.language,
      })
      .returning({ id: socialMediaContents.id });
    posts.push({ ...post, id: row!.id, charCount: platformLength(post.content, input.platform) });
  }
  const first = posts[0]!;
  return {
    success: true,
    id: first.id,
    content: first.content,
    imageUrl: null,
    hashtags: first.hashtags,
    charLimit: PLATFORM_CHAR_LIMITS[input.platform],
    charCount: first.charCount,
    writtenBy: first.writtenBy,
    posts,
    needsProvider,
    providerFailed,
  };
}

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function stringMap(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** The owner's stored posts and transformations, newest first (one card or all). */
export async function listSocialContents(
  ctx: AppContext,
  ownerId: number,
  cardId?: number,
): Promise<TSocialContent[]> {
  const rows = await ctx.db
    .select({ content: socialMediaContents })
    .from(socialMediaContents)
    .innerJoin(businessCards, eq(businessCards.id, socialMediaContents.businessCardId))
    .where(
      and(
        eq(businessCards.userId, ownerId),
        cardId === undefined ? undefined : eq(businessCards.id, cardId),
      ),
    )
    .orderBy(desc(socialMediaContents.id))
    .limit(200);
  return rows.map(({ content: row }) => ({
    id: row.id,
    businessCardId: row.businessCardId,
    platform: row.platform,
    content: row.content,
    hashtags: stringList(row.hashtags),
    mentions: stringList(row.mentions),
    mediaType: row.mediaType,
    bestPostTime: row.bestPostTime,
    language: row.language,
    translations: stringMap(row.translations),
    createdAt: row.createdAt.toISOString(),
  }));
}
