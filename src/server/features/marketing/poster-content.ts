import type { Language } from '#shared/limits.ts';
import type { DocumentIntelligence } from '#server/ingest/intelligence.ts';
import { translate } from '#server/lib/i18n.ts';

/*
 * What a poster says, drawn from the card's documents: key messages (products, proof such as
 * certifications, highlights, trade terms) and a description. Nothing is invented: without
 * documents the messages come from the form's own words.
 */

const MAX_MESSAGES = 4;
const MESSAGE_CHARS = 64;
const DESCRIPTION_CHARS = 220;

/** Text cut at a sentence end, else a word end, within `max` characters (with an ellipsis). */
export function shorten(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const head = clean.slice(0, max);
  const sentenceEnd = Math.max(
    ...['。', '！', '？', '. ', '! ', '? '].map((m) => head.lastIndexOf(m)),
  );
  if (sentenceEnd > max * 0.5) return head.slice(0, sentenceEnd + 1).trim();
  const space = head.lastIndexOf(' ');
  const cut = space > max * 0.6 ? head.slice(0, space) : head.slice(0, max - 1);
  return `${cut.replace(/[\s,，、;；:：-]+$/, '')}…`;
}

function unique(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value.toLowerCase();
    if (!value || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface PosterFacts {
  intelligence: DocumentIntelligence | null;
  eventTitle: string;
  eventDate: string;
  eventLocation: string;
  eventDescription?: string | undefined;
  targetAudience?: string | undefined;
  companyName: string | null;
}

/** The sentences of the description the owner typed, each a message the poster can show. */
function typedMessages(facts: PosterFacts): string[] {
  return (facts.eventDescription ?? '')
    .split(/(?<=[。！？.!?])\s*|\n+/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean)
    .map((sentence) => shorten(sentence, MESSAGE_CHARS));
}

/**
 * What the poster says: the owner's own description first (it is what they want said), then
 * the documents' facts (products, certifications, highlights, a trade term).
 */
export function keyMessages(facts: PosterFacts): string[] {
  const intel = facts.intelligence;
  const messages: string[] = typedMessages(facts).slice(0, 2);
  if (intel) {
    if (intel.keyProducts.length > 0) {
      messages.push(shorten(intel.keyProducts.slice(0, 3).join(' · '), MESSAGE_CHARS));
    }
    const certifications = unique(intel.certifications.map((c) => c.label)).slice(0, 4);
    if (certifications.length > 0) messages.push(certifications.join(' · '));
    for (const highlight of intel.businessHighlights.slice(0, 2)) {
      messages.push(shorten(highlight.text, MESSAGE_CHARS));
    }
    const term = intel.tradeTerms.find((t) => t.label === 'moq' || t.label === 'oem');
    if (term) messages.push(shorten(term.text, MESSAGE_CHARS));
  }
  if (messages.length < 2 && facts.targetAudience) {
    messages.push(shorten(facts.targetAudience, MESSAGE_CHARS));
  }
  return unique(messages).slice(0, MAX_MESSAGES);
}

export function posterDescription(facts: PosterFacts, language: Language): string {
  if (facts.eventDescription) return shorten(facts.eventDescription, DESCRIPTION_CHARS);
  const overview = facts.intelligence?.companyOverview;
  const hasPlace = Boolean(facts.eventDate && facts.eventLocation);
  const invitation = translate(
    language,
    hasPlace ? 'posters.invitation' : 'posters.invitationShort',
    {
      company: facts.companyName ?? facts.intelligence?.companyName ?? '',
      title: facts.eventTitle,
      date: facts.eventDate,
      location: facts.eventLocation,
    },
  ).trim();
  return overview ? shorten(`${invitation} ${overview}`, DESCRIPTION_CHARS) : invitation;
}
