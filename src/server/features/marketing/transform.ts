import { desc, eq } from 'drizzle-orm';
import { writerFor } from '#server/ai/writer.ts';
import type { AppContext } from '#server/context.ts';
import { businessCards, socialMediaContents } from '#server/db/schema.ts';
import { fitToLimit, platformLength } from '#shared/marketing/social-count.ts';
import type { ZTransformRequest } from '#shared/marketing/social.ts';
import {
  PLATFORM_CHAR_LIMITS,
  type SocialPlatform,
  type TTransformation,
  type TTransformResponse,
} from '#shared/marketing/social.ts';
import type { z } from 'zod';
import { companyFacts, factsAsText, type CompanyFacts } from './social-facts.ts';
import { LANGUAGE_FOR_MODEL, PLATFORM_NAMES, tryWrite, type MarketingDeps } from './social.ts';
import { isChineseText, transformLocally } from './transform-local.ts';

/* POST /api/transform-social-content: one text adapted to each chosen platform, stored. */

type TransformInput = z.output<typeof ZTransformRequest>;

/** The card the results are filed under: the one asked for (owner-checked), else the latest. */
async function cardFor(ctx: AppContext, ownerId: number, cardId?: number): Promise<number | null> {
  if (cardId !== undefined) return cardId;
  const [latest] = await ctx.db
    .select({ id: businessCards.id })
    .from(businessCards)
    .where(eq(businessCards.userId, ownerId))
    .orderBy(desc(businessCards.updatedAt))
    .limit(1);
  return latest?.id ?? null;
}

async function providerVersion(
  deps: MarketingDeps,
  input: { text: string; platform: SocialPlatform; facts: CompanyFacts | null; hashtags: string[] },
): Promise<string | null> {
  const language = isChineseText(input.text) ? 'zh-CN' : 'en';
  const limit = input.platform === 'twitter' ? 240 : PLATFORM_CHAR_LIMITS[input.platform];
  const written = await tryWrite(writerFor(deps.ctx, input.facts?.selectedAiModel), deps, {
    instruction: [
      `Rewrite the owner's text (first part of the data) as a post for ${PLATFORM_NAMES[input.platform]}, in ${LANGUAGE_FOR_MODEL[language]}, in the style that platform's readers expect. Keep every fact and @mention; add nothing that is not in the data.`,
      `At most ${Math.floor(limit * 0.9)} characters (each Chinese character counts as ${input.platform === 'twitter' ? 2 : 1}).`,
      input.hashtags.length > 0 ? `End with these hashtags: ${input.hashtags.join(' ')}` : '',
    ].join('\n'),
    data: `${input.text}${input.facts ? `\n\nCompany facts:\n${factsAsText(input.facts)}` : ''}`,
    maxTokens: Math.min(1500, Math.ceil(limit / 2) + 100),
  });
  return written ? fitToLimit(written, input.platform, PLATFORM_CHAR_LIMITS[input.platform]) : null;
}

export async function transformContent(
  deps: MarketingDeps,
  ownerId: number,
  input: TransformInput,
): Promise<TTransformResponse> {
  const cardId = await cardFor(deps.ctx, ownerId, input.businessCardId);
  const facts =
    cardId === null ? null : await companyFacts(deps.ctx, deps.assistant, { ownerId, cardId });
  const platforms = [...new Set(input.platforms)];
  let usedProvider = false;
  const results = await Promise.all(
    platforms.map(async (platform) => {
      const local = transformLocally(input.content, platform, facts);
      const written = await providerVersion(deps, {
        text: input.content,
        platform,
        facts,
        hashtags: local.hashtags,
      });
      if (written) usedProvider = true;
      const content = written ?? local.content;
      const charCount = platformLength(content, platform);
      return {
        ...local,
        platform,
        content,
        charCount,
        charLimit: PLATFORM_CHAR_LIMITS[platform],
      };
    }),
  );
  const transformations: TTransformation[] = [];
  for (const result of results) {
    let id: number | null = null;
    if (cardId !== null) {
      const [row] = await deps.ctx.db
        .insert(socialMediaContents)
        .values({
          businessCardId: cardId,
          platform: result.platform,
          content: result.content,
          hashtags: result.hashtags,
          mentions: result.mentions,
          mediaType: result.mediaType,
          bestPostTime: result.bestPostTime,
          language: isChineseText(result.content) ? 'zh-CN' : 'en',
          translations: {},
        })
        .returning({ id: socialMediaContents.id });
      id = row?.id ?? null;
    }
    transformations.push({ ...result, id, translations: {} });
  }
  return { transformations, writtenBy: usedProvider ? 'provider' : 'local' };
}
