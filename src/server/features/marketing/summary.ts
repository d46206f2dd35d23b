import { writerFor } from '#server/ai/writer.ts';
import { AppError } from '#server/lib/errors.ts';
import type { ZBusinessSummaryRequest, ZCompanySummaryRequest } from '#shared/marketing/summary.ts';
import {
  isLocalLanguage,
  type IntroLanguage,
  type LocalLanguage,
  type TCompanySummary,
} from '#shared/marketing/summary.ts';
import type { z } from 'zod';
import { factsAsText } from './social-facts.ts';
import { prefersChinese } from './social-compose.ts';
import { factsWithContent, LANGUAGE_FOR_MODEL, tryWrite, type MarketingDeps } from './social.ts';
import {
  businessSummary,
  countWords,
  writeSummary,
  type LocalSummary,
  type SummaryKind,
} from './summary-local.ts';

/*
 * POST /api/generate-company-summary and /api/generate-business-summary. Simplified Chinese
 * and English are written locally from the documents (a provider, when set, writes them
 * better); the ten other introduction languages need a provider: 503 PROVIDER_REQUIRED.
 */

const KIND_DESCRIPTIONS: Record<SummaryKind, string> = {
  networking_intro:
    'a spoken self-introduction for a networking event (about 80 words), first person',
  elevator_pitch: 'a two-sentence elevator pitch',
  detailed: 'a detailed company introduction for a follow-up email (about 150 words)',
};

/** The requested kind first, then the two others. */
function kindsFor(requested: string): SummaryKind[] {
  const all: SummaryKind[] = ['networking_intro', 'elevator_pitch', 'detailed'];
  return [...all.filter((kind) => kind === requested), ...all.filter((kind) => kind !== requested)];
}

export async function generateCompanySummaries(
  deps: MarketingDeps,
  ownerId: number,
  input: z.output<typeof ZCompanySummaryRequest>,
): Promise<{ summaries: TCompanySummary[]; writtenBy: 'local' | 'provider' }> {
  const facts = await factsWithContent(deps, ownerId, input.businessCardId);
  const writer = writerFor(deps.ctx, facts.selectedAiModel);
  const local = isLocalLanguage(input.language);
  if (!writer && !local) {
    throw new AppError('PROVIDER_REQUIRED', 'marketingText.errors.providerRequiredLanguage');
  }
  const draftLanguage: LocalLanguage = local
    ? (input.language as LocalLanguage)
    : prefersChinese(facts)
      ? 'zh-CN'
      : 'en';
  const drafts = kindsFor(input.summaryType).map((kind) =>
    writeSummary(facts, kind, draftLanguage),
  );
  const written = await Promise.all(
    drafts.map((draft) =>
      tryWrite(writer, deps, {
        instruction: `Write ${KIND_DESCRIPTIONS[draft.kind]} of the company in ${LANGUAGE_FOR_MODEL[input.language]}. Use only the facts; the draft shows what to cover.`,
        data: `${factsAsText(facts)}\n\nDraft:\n${draft.content}`,
        maxTokens: 600,
      }),
    ),
  );
  if (!local && written.some((text) => text === null)) {
    throw new AppError('PROVIDER_FAILED', 'marketingText.errors.providerFailed');
  }
  const summaries = drafts.map((draft: LocalSummary, i) => {
    const content = written[i] ?? draft.content;
    return {
      id: `${draft.kind}-${input.language}`,
      title: draft.title,
      content,
      language: input.language as IntroLanguage,
      wordCount: countWords(content),
      keyPoints: draft.keyPoints,
    };
  });
  return { summaries, writtenBy: written.some(Boolean) ? 'provider' : 'local' };
}

export async function generateBusinessSummary(
  deps: MarketingDeps,
  ownerId: number,
  input: z.output<typeof ZBusinessSummaryRequest>,
): Promise<{ enhancedContent: string; writtenBy: 'local' | 'provider' }> {
  const facts = await factsWithContent(deps, ownerId, input.businessCardId);
  const language = input.language ?? (prefersChinese(facts) ? 'zh-CN' : 'en');
  const local = businessSummary(facts, language);
  const written = await tryWrite(writerFor(deps.ctx, facts.selectedAiModel), deps, {
    instruction: `Write the company's profile for social media and a business card page in ${LANGUAGE_FOR_MODEL[language]}: a short paragraph, then the main products, highlights and contact details. Use only the facts.`,
    data: factsAsText(facts),
    maxTokens: 800,
  });
  return { enhancedContent: written ?? local, writtenBy: written ? 'provider' : 'local' };
}
