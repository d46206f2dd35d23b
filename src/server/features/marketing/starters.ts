import { desc, eq } from 'drizzle-orm';
import { writerFor } from '#server/ai/writer.ts';
import { businessCards } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import type { ZStarterRequest } from '#shared/marketing/starters.ts';
import { type TStarter, type TStarterResponse } from '#shared/marketing/starters.ts';
import { isLocalLanguage, type LocalLanguage } from '#shared/marketing/summary.ts';
import type { z } from 'zod';
import { prefersChinese } from './social-compose.ts';
import { factsAsText } from './social-facts.ts';
import { factsWithContent, LANGUAGE_FOR_MODEL, tryWrite, type MarketingDeps } from './social.ts';
import { countStarterUses } from './starter-uses.ts';
import { draftStarters, type StarterDraft } from './starters-local.ts';

/*
 * POST /api/generate-conversation-starters: openers in the five categories, each quoting the
 * company's facts, each with how often its owner used it (measured, no score). Simplified Chinese and English are
 * written locally; a provider (when set) rewrites them for the scenario, the owner's context
 * and any of the twelve introduction languages (without one, those answer 503).
 */

type StarterInput = z.output<typeof ZStarterRequest>;

async function cardIdFor(deps: MarketingDeps, ownerId: number, cardId?: number): Promise<number> {
  if (cardId !== undefined) return cardId;
  const [latest] = await deps.ctx.db
    .select({ id: businessCards.id })
    .from(businessCards)
    .where(eq(businessCards.userId, ownerId))
    .orderBy(desc(businessCards.updatedAt))
    .limit(1);
  if (!latest) throw new AppError('UNPROCESSABLE', 'marketingText.errors.noFacts');
  return latest.id;
}

function interestsText(interests: string | string[] | undefined): string | undefined {
  if (Array.isArray(interests)) return interests.filter(Boolean).join(', ') || undefined;
  return interests;
}

/** The drafts rewritten by the model, one numbered line each; null when it failed. */
async function rewrite(
  deps: MarketingDeps,
  drafts: readonly StarterDraft[],
  input: StarterInput,
  factsText: string,
  selectedModel: string,
): Promise<string[] | null> {
  const text = await tryWrite(writerFor(deps.ctx, selectedModel), deps, {
    instruction: [
      `Rewrite each numbered conversation opener below in ${LANGUAGE_FOR_MODEL[input.language]}, in a ${input.tone} tone, for a ${input.scenario.replace(/_/g, ' ')}. Keep its facts; add none.`,
      'Answer with exactly the same numbered lines ("1. ...", "2. ..."), one line each, nothing else.',
      ...drafts.map((draft, i) => `${i + 1}. ${draft.content.replace(/\s*\n\s*/gu, ' ')}`),
    ].join('\n'),
    data: `${factsText}${input.customContext ? `\n\nOwner's context for the event: ${input.customContext}` : ''}`,
    maxTokens: 1500,
  });
  if (!text) return null;
  const lines = new Map<number, string>();
  for (const line of text.split('\n')) {
    const match = /^\s*(\d+)[.)、]\s*(.+)$/u.exec(line);
    if (match) lines.set(Number(match[1]), match[2]!.trim());
  }
  const rewritten = drafts.map((_, i) => lines.get(i + 1));
  return rewritten.every(Boolean) ? (rewritten as string[]) : null;
}

export async function generateStarters(
  deps: MarketingDeps,
  ownerId: number,
  input: StarterInput,
): Promise<TStarterResponse> {
  const cardId = await cardIdFor(deps, ownerId, input.businessCardId);
  const facts = await factsWithContent(deps, ownerId, cardId);
  const local = isLocalLanguage(input.language);
  const writer = writerFor(deps.ctx, facts.selectedAiModel);
  if (!local && !writer) {
    throw new AppError('PROVIDER_REQUIRED', 'marketingText.errors.providerRequiredLanguage');
  }
  const draftLanguage: LocalLanguage = local
    ? (input.language as LocalLanguage)
    : prefersChinese(facts)
      ? 'zh-CN'
      : 'en';
  const drafts = draftStarters(facts, {
    scenario: input.scenario,
    tone: input.tone,
    language: draftLanguage,
    includeCompanySummary: input.includeCompanySummary,
    profile: {
      role: input.userProfile?.role,
      interests: interestsText(input.userProfile?.interests),
    },
  });
  const rewritten = writer
    ? await rewrite(deps, drafts, input, factsAsText(facts), facts.selectedAiModel)
    : null;
  if (!local && !rewritten) {
    throw new AppError('PROVIDER_FAILED', 'marketingText.errors.providerFailed');
  }
  const contents = drafts.map((draft, i) => rewritten?.[i] ?? draft.content);
  const uses = await countStarterUses(deps.ctx, ownerId, contents);
  const starters: TStarter[] = drafts.map((draft, i) => ({
    id: `${draft.category}-${i + 1}`,
    title: draft.title,
    content: contents[i]!,
    scenario: input.scenario,
    tone: input.tone,
    category: draft.category,
    uses: uses[i]!,
  }));
  return { starters, writtenBy: rewritten ? 'provider' : 'local' };
}
