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
  PLATFORM_CHAR_LIMITS,
  type SocialPlatform,
  type TSocialContent,
  type TSocialGenerateResponse,
} from '#shared/marketing/social.ts';
import type { LocalLanguage } from '#shared/marketing/summary.ts';
import type { z } from 'zod';
import { companyFacts, factsAsText, type CompanyFacts } from './social-facts.ts';
import { composePost, IDEAL_LENGTH, prefersChinese, targetLength } from './social-compose.ts';
import { scoreText } from './social-score.ts';

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
  facts: CompanyFacts,
  input: GenerateInput,
  language: LocalLanguage,
  hashtags: readonly string[],
): Promise<string | null> {
  const limit = targetLength(input.platform);
  const text = await tryWrite(writerFor(deps.ctx, facts.selectedAiModel), deps, {
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
  const language: LocalLanguage = input.language ?? (prefersChinese(facts) ? 'zh-CN' : 'en');
  const local = composePost(facts, { ...input, language });
  const written = await writeWithProvider(deps, facts, input, language, local.hashtags);
  const content = written ?? local.content;
  const charCount = platformLength(content, input.platform);
  const score = scoreText(content, facts, {
    length: charCount,
    ideal: IDEAL_LENGTH[input.platform],
    tone: input.tone,
  });
  const [row] = await deps.ctx.db
    .insert(socialMediaContents)
    .values({
      businessCardId: facts.cardId,
      platform: input.platform,
      content,
      hashtags: local.hashtags,
      mentions: [],
      mediaType: 'text',
      language,
    })
    .returning({ id: socialMediaContents.id });
  return {
    success: true,
    id: row!.id,
    content,
    imageUrl: null,
    hashtags: local.hashtags,
    charLimit: PLATFORM_CHAR_LIMITS[input.platform],
    charCount,
    effectiveness: score.total,
    writtenBy: written ? 'provider' : 'local',
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
    estimatedReach: row.estimatedReach,
    bestPostTime: row.bestPostTime,
    language: row.language,
    translations: stringMap(row.translations),
    createdAt: row.createdAt.toISOString(),
  }));
}
