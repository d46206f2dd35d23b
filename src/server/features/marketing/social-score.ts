import type { CompanyFacts } from './social-facts.ts';

/*
 * Effectiveness 0–100 of a written text, by a rule a marketing manager can check:
 *   facts used    up to 40  (10 per distinct company fact the text states: name, a product,
 *                            a highlight, a certification, a trade term)
 *   specificity   up to 20  (figures, model numbers: 5 each)
 *   length fit    up to 20  (20 inside the ideal range, less the further outside)
 *   tone match    up to 20  (the tone's own markers: 10 each)
 * Each part is returned with its i18n key so the screen can show why.
 */

export interface ScorePart {
  key: string;
  points: number;
}

export interface Score {
  total: number;
  parts: ScorePart[];
}

function mentions(text: string, fact: string): boolean {
  const probe = fact.toLowerCase().slice(0, 40).trim();
  return probe.length >= 2 && text.toLowerCase().includes(probe);
}

export function factsUsed(text: string, facts: CompanyFacts): number {
  const groups: Array<readonly string[]> = [
    facts.companyName ? [facts.companyName] : [],
    facts.products,
    facts.highlights,
    facts.certifications,
    facts.tradeTerms.map((term) => term.text),
  ];
  return groups.filter((group) => group.some((fact) => mentions(text, fact))).length;
}

function specifics(text: string): number {
  const figures = text.match(
    /\d+(?:[.,]\d+)?\s*(?:%|kw|w|v|m|kg|mm|cm|天|年|万|个|國|国|units?|days?|years?|countries)?/giu,
  );
  return Math.min(4, figures?.length ?? 0);
}

function lengthFit(length: number, ideal: readonly [number, number]): number {
  const [low, high] = ideal;
  if (length >= low && length <= high) return 20;
  const distance = length < low ? (low - length) / low : (length - high) / high;
  return Math.max(0, Math.round(20 * (1 - distance)));
}

/** Words and signs that carry each tone (both languages). */
const TONE_MARKERS: Record<string, readonly RegExp[]> = {
  professional: [
    /\b(solutions?|quality|partners?|reliable|certified)\b|品质|品質|合作|专业|專業/iu,
    /[.。]\s*$/u,
  ],
  formal: [
    /\b(we are pleased|sincerely|cordially|respectfully)\b|诚挚|誠摯|敬请|敬請|谨|謹/iu,
    /^(?!.*[!！]{2})/su,
  ],
  casual: [
    /\b(hey|hi|check out|folks|let's)\b|嗨|来看看|來看看|一起/iu,
    /[!！]|[\u{1F300}-\u{1FAFF}]/u,
  ],
  humorous: [
    /\b(warning|spoiler|plot twist|fun fact)\b|友情提示|剧透|劇透|冷知识|冷知識/iu,
    /[\u{1F602}\u{1F604}\u{1F60E}\u{1F923}]/u,
  ],
  friendly: [/\b(glad|happy to|love to|would you)\b|很高兴|很高興|欢迎|歡迎|您好/iu, /[?？]/u],
  enthusiastic: [/\b(excited|amazing|can't wait|thrilled)\b|太棒|激动|激動|期待/iu, /[!！]/u],
};

export function scoreText(
  text: string,
  facts: CompanyFacts,
  options: { length: number; ideal: readonly [number, number]; tone: string },
): Score {
  const used = Math.min(4, factsUsed(text, facts));
  const markers = TONE_MARKERS[options.tone] ?? [];
  const parts: ScorePart[] = [
    { key: 'marketingText.score.facts', points: used * 10 },
    { key: 'marketingText.score.specific', points: specifics(text) * 5 },
    { key: 'marketingText.score.length', points: lengthFit(options.length, options.ideal) },
    {
      key: 'marketingText.score.tone',
      points: markers.filter((marker) => marker.test(text)).length * 10,
    },
  ];
  const total = Math.max(
    0,
    Math.min(
      100,
      parts.reduce((sum, part) => sum + part.points, 0),
    ),
  );
  return { total, parts };
}
