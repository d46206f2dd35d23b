import type { LocalLanguage } from '#shared/marketing/summary.ts';
import { inLanguage, shortProduct, type CompanyFacts } from './social-facts.ts';
import { tidyText } from './tidy-text.ts';

/*
 * Company introductions written with no model, in Simplified Chinese or English, from the
 * card's facts only: a networking introduction (what one says when shaking hands), an
 * elevator pitch (two sentences) and a detailed introduction (for a follow-up mail).
 */

export type SummaryKind = 'networking_intro' | 'elevator_pitch' | 'detailed';

export interface LocalSummary {
  kind: SummaryKind;
  title: string;
  content: string;
  keyPoints: string[];
}

const TITLES: Record<LocalLanguage, Record<SummaryKind, string>> = {
  en: {
    networking_intro: 'Networking introduction',
    elevator_pitch: 'Elevator pitch',
    detailed: 'Detailed introduction',
  },
  'zh-CN': {
    networking_intro: '社交场合自我介绍',
    elevator_pitch: '电梯演讲',
    detailed: '详细介绍',
  },
};

function listOf(items: readonly string[], language: LocalLanguage): string {
  if (language === 'zh-CN') {
    return items.length <= 1
      ? (items[0] ?? '')
      : `${items.slice(0, -1).join('、')}和${items.at(-1)}`;
  }
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** A fact as a sentence of its own: ends with a full stop in the text's script. */
function sentence(text: string, language: LocalLanguage): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  if (/[。！？.!?]$/u.test(trimmed)) return trimmed;
  return language === 'zh-CN' ? `${trimmed}。` : `${trimmed}.`;
}

function joinSentences(parts: readonly string[], language: LocalLanguage): string {
  const sentences = [...new Set(parts.map((part) => sentence(part, language)).filter(Boolean))];
  if (language === 'en') return sentences.join(' ');
  // Chinese sentences follow each other directly; a Latin one still needs its space.
  return sentences.reduce(
    (text, next) => (text && /[.!?]$/u.test(text) ? `${text} ${next}` : text + next),
    '',
  );
}

export function companyName(facts: CompanyFacts, language: LocalLanguage): string {
  return facts.companyName ?? (language === 'en' ? 'our company' : '我们公司');
}

function speaker(facts: CompanyFacts, language: LocalLanguage): string {
  const name = companyName(facts, language);
  if (language === 'en') {
    const who = facts.contactPerson ? `I'm ${facts.contactPerson}` : 'We are';
    const role = facts.jobTitle ? `, ${facts.jobTitle},` : '';
    return facts.contactPerson ? `Hello, ${who}${role} from ${name}` : `Hello, we are ${name}`;
  }
  const role = facts.jobTitle ? `（${facts.jobTitle}）` : '';
  return facts.contactPerson
    ? `您好，我是${name}的${facts.contactPerson}${role}`
    : `您好，我们是${name}`;
}

function productsSentence(facts: CompanyFacts, language: LocalLanguage, count: number): string {
  const products = facts.products.slice(0, count).map(shortProduct);
  if (products.length === 0) return '';
  return language === 'en'
    ? `Our main products are ${listOf(products, language)}`
    : `我们主营${listOf(products, language)}`;
}

/** The certifications not yet named in `said`, as a sentence ('' when all were named). */
function certificationsSentence(
  facts: CompanyFacts,
  language: LocalLanguage,
  said: readonly string[] = [],
): string {
  const text = said.join('\n');
  const unsaid = facts.certifications.filter((cert) => !text.includes(cert));
  if (unsaid.length === 0) return '';
  const list = listOf(unsaid, language);
  return language === 'en' ? `We hold ${list} certification` : `我们已通过${list}认证`;
}

export function keyPointsOf(facts: CompanyFacts): string[] {
  return [
    ...facts.products.slice(0, 3),
    ...facts.highlights.slice(0, 1),
    ...(facts.certifications.length > 0 ? [facts.certifications.join(', ')] : []),
  ];
}

export function writeSummary(
  allFacts: CompanyFacts,
  kind: SummaryKind,
  language: LocalLanguage,
): LocalSummary {
  const facts = inLanguage(allFacts, language);
  const name = companyName(facts, language);
  let parts: string[];
  switch (kind) {
    case 'networking_intro':
      parts = [
        speaker(facts, language),
        facts.overview,
        productsSentence(facts, language, 3),
        facts.highlights[0] ?? '',
        certificationsSentence(facts, language, [facts.overview, facts.highlights[0] ?? '']),
        language === 'en'
          ? "I'd be glad to hear what you are sourcing at the moment"
          : '很想了解您目前在采购哪些产品',
      ];
      break;
    case 'elevator_pitch':
      parts = [
        facts.overview ? facts.overview : name,
        productsSentence(facts, language, 2),
        facts.highlights[0] ?? certificationsSentence(facts, language, [facts.overview]),
      ];
      break;
    case 'detailed':
      parts = [
        facts.overview,
        productsSentence(facts, language, 6),
        ...facts.highlights.slice(0, 3),
        certificationsSentence(facts, language, [facts.overview, ...facts.highlights.slice(0, 3)]),
        ...facts.tradeTerms.slice(0, 2).map((term) => term.text),
        facts.website
          ? language === 'en'
            ? `Website: ${facts.website}`
            : `公司网址：${facts.website}`
          : '',
      ];
      break;
  }
  return {
    kind,
    title: TITLES[language][kind],
    content: tidyText(joinSentences(parts, language)),
    keyPoints: keyPointsOf(facts),
  };
}

/** Words as a reader counts them: each Chinese character, and each Latin word. */
export function countWords(text: string): number {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const latin = text.replace(/\p{Script=Han}/gu, ' ').match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  return han + latin;
}

/** The business summary of a card (its "AI-enhanced content" on the transformer). */
export function businessSummary(allFacts: CompanyFacts, language: LocalLanguage): string {
  const facts = inLanguage(allFacts, language);
  const name = companyName(facts, language);
  const labels =
    language === 'en'
      ? { products: 'Main products', highlights: 'Highlights', contact: 'Contact' }
      : { products: '主营产品', highlights: '企业亮点', contact: '联系方式' };
  const sep = language === 'en' ? ': ' : '：';
  const contact = [facts.contactPerson, facts.phone, facts.email, facts.website]
    .filter(Boolean)
    .join(' · ');
  const highlights = facts.highlights.slice(0, 3);
  // Each highlight is a sentence; in a list its own end mark gives way to the list's.
  const highlightList = highlights
    .map((item) => item.replace(/[。.!！?？]+$/u, ''))
    .join(language === 'en' ? '; ' : '；');
  const products = facts.products.slice(0, 8).map(shortProduct);
  return tidyText(
    [
      name,
      facts.overview,
      products.length > 0 ? `${labels.products}${sep}${listOf(products, language)}` : '',
      highlightList ? sentence(`${labels.highlights}${sep}${highlightList}`, language) : '',
      sentence(certificationsSentence(facts, language, [facts.overview, ...highlights]), language),
      contact ? `${labels.contact}${sep}${contact}` : '',
    ]
      .filter(Boolean)
      .join('\n\n'),
  );
}
