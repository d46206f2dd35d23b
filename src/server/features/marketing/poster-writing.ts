import type { Language } from '#shared/limits.ts';
import type { AppContext } from '#server/context.ts';
import { ProviderError, writerFor } from '#server/ai/writer.ts';
import { shorten, type PosterFacts } from './poster-content.ts';

/*
 * With a provider configured, the poster's description and key messages are written by the
 * model from the same facts (documents and form); the local ones stay when there is no
 * provider, when it fails, or when its answer is not the JSON we asked for.
 */

export interface PosterCopy {
  description: string;
  keyMessages: string[];
}

const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'zh-CN': 'Simplified Chinese',
  'zh-TW': 'Traditional Chinese',
};

function factsAsData(facts: PosterFacts): string {
  const intel = facts.intelligence;
  return [
    `Event: ${facts.eventTitle}`,
    `Date: ${facts.eventDate}`,
    `Location: ${facts.eventLocation}`,
    facts.eventDescription ? `Event description: ${facts.eventDescription}` : '',
    facts.targetAudience ? `Audience: ${facts.targetAudience}` : '',
    facts.companyName ? `Company: ${facts.companyName}` : '',
    intel?.companyOverview ? `Overview: ${intel.companyOverview}` : '',
    intel?.keyProducts.length ? `Products: ${intel.keyProducts.slice(0, 10).join('; ')}` : '',
    intel?.certifications.length
      ? `Certifications: ${intel.certifications.map((c) => c.label).join('; ')}`
      : '',
    ...(intel?.businessHighlights.slice(0, 5).map((h) => `Highlight: ${h.text}`) ?? []),
  ]
    .filter(Boolean)
    .join('\n');
}

function parseCopy(text: string): PosterCopy | null {
  const json = text.match(/\{[\s\S]*\}/)?.[0];
  if (!json) return null;
  try {
    const value = JSON.parse(json) as { description?: unknown; keyMessages?: unknown };
    if (typeof value.description !== 'string' || !Array.isArray(value.keyMessages)) return null;
    const keyMessages = value.keyMessages
      .filter((m): m is string => typeof m === 'string' && m.trim() !== '')
      .map((m) => shorten(m, 64))
      .slice(0, 4);
    if (!value.description.trim() || keyMessages.length === 0) return null;
    return { description: shorten(value.description, 220), keyMessages };
  } catch {
    return null;
  }
}

export async function writePosterCopy(
  ctx: AppContext,
  selectedModel: string,
  facts: PosterFacts,
  language: Language,
  local: PosterCopy,
): Promise<PosterCopy> {
  const writer = writerFor(ctx, selectedModel);
  if (!writer) return local;
  try {
    const text = await writer.write({
      instruction:
        `Write copy for an event poster in ${LANGUAGE_NAMES[language]}. Answer only JSON: ` +
        (facts.eventDescription
          ? "Make the owner's event description the first key message, in its own words where it is in that language. "
          : '') +
        '{"description": "<one or two sentences, at most 200 characters>", ' +
        '"keyMessages": ["<2 to 4 short selling points, each at most 60 characters>"]}.',
      data: factsAsData(facts),
      maxTokens: 400,
      temperature: 0.5,
    });
    const written = parseCopy(text);
    if (!written) return local;
    // The description the owner typed is theirs to say: the model adds messages, not a new one.
    return facts.eventDescription ? { ...written, description: local.description } : written;
  } catch (error) {
    if (error instanceof ProviderError) return local;
    throw error;
  }
}
