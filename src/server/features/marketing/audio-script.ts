import { Converter } from 'opencc-js';
import type { DocumentIntelligence, TradeTermKind } from '#server/ingest/intelligence.ts';
import type { AudioLanguage } from '#shared/marketing/audio.ts';
import { shortProduct } from './social-facts.ts';
import { tidyText } from './tidy-text.ts';

/*
 * The spoken script of an audio introduction, written from the card's documents (the document
 * intelligence: overview, products, highlights, certifications, trade terms) and the card's own
 * contact fields, in the chosen language. Facts are used as written; only the connecting
 * sentences are ours. An English script leaves out facts written in Chinese (the English voice
 * would spell the characters), a Chinese script takes both (the Mandarin voice reads Latin
 * words in English). About one minute of speech: the budget is in characters, measured on the
 * engine (≈ 880 characters of English, ≈ 250 of Chinese per minute at the default rate).
 */

export interface ScriptCard {
  companyName: string | null;
  contactPerson: string | null;
  jobTitle: string | null;
  email: string | null;
  website: string | null;
}

export interface ScriptInput {
  title: string;
  language: AudioLanguage;
  card: ScriptCard;
  intelligence: DocumentIntelligence | null;
}

const BUDGET: Record<AudioLanguage, number> = { en: 850, 'zh-CN': 250, 'zh-TW': 250 };
/** One fact read aloud at most this long (a longer line is cut at a sentence end). */
const MAX_FACT_CHARS: Record<AudioLanguage, number> = { en: 220, 'zh-CN': 80, 'zh-TW': 80 };

const HAN = /\p{Script=Han}/u;
/** The converters' dictionaries take tens of MB: built when a Chinese script is first written. */
let converters: { traditional: (text: string) => string; simplified: (text: string) => string };
function convert(text: string, to: 'traditional' | 'simplified'): string {
  converters ??= {
    traditional: Converter({ from: 'cn', to: 'tw' }),
    simplified: Converter({ from: 'tw', to: 'cn' }),
  };
  return converters[to](text);
}

const TERM_LABELS: Record<TradeTermKind, { en: string; zh: string }> = {
  payment: { en: 'Payment', zh: '付款方式' },
  delivery: { en: 'Delivery', zh: '交货' },
  moq: { en: 'Minimum order', zh: '起订量' },
  samples: { en: 'Samples', zh: '样品' },
  warranty: { en: 'Warranty', zh: '质保' },
  shipping: { en: 'Shipping', zh: '运输' },
  price: { en: 'Prices', zh: '价格' },
  oem: { en: 'OEM and ODM', zh: 'OEM/ODM' },
};

interface Phrases {
  welcome: (company: string) => string;
  welcomeNoName: string;
  products: (list: string) => string;
  certifications: (list: string) => string;
  term: (label: string, text: string) => string;
  meet: (person: string) => string;
  write: (email: string) => string;
  website: (site: string) => string;
  closing: string;
  listJoin: (items: string[]) => string;
  end: string;
}

const ENGLISH: Phrases = {
  welcome: (company) => `Welcome to ${company}.`,
  welcomeNoName: 'Welcome, and thank you for listening.',
  products: (list) => `Our main products include ${list}.`,
  certifications: (list) => `Our quality is backed by ${list}.`,
  term: (label, text) => `${label}: ${text}`,
  meet: (person) => `At the fair you can meet ${person} at our booth.`,
  write: (email) => `You can also write to ${email}.`,
  website: (site) => `Learn more at ${site}.`,
  closing:
    'Scan the QR code on our business card to ask our assistant anything about our products. We look forward to working with you.',
  listJoin: (items) =>
    items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`,
  end: '.',
};

const CHINESE: Phrases = {
  welcome: (company) => `欢迎了解${company}。`,
  welcomeNoName: '欢迎收听我们的公司介绍。',
  products: (list) => `我们的主要产品包括${list}。`,
  certifications: (list) => `我们的产品通过了${list}等认证。`,
  term: (label, text) => `${label}：${text}`,
  meet: (person) => `展会期间，欢迎到我们的展位与${person}面谈。`,
  write: (email) => `也可以发邮件到 ${email}。`,
  website: (site) => `更多信息请访问 ${site}。`,
  closing: '扫描名片上的二维码，就可以随时向我们的智能助手咨询产品信息。期待与您合作。',
  listJoin: (items) =>
    items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join('、')}和${items.at(-1)}`,
  end: '。',
};

/**
 * A line made speakable: no bullets or list numbers ("1. ", "2、"), URLs' schemes or runs of
 * space. A figure that starts the line stays: "320 employees" is not a list number.
 */
export function speakable(text: string): string {
  return text
    .replace(/^(?:[\s•·*>#–—-]+|\d{1,2}(?:[.)]\s+|、))+(?=\S)/u, '')
    .replace(/https?:\/\//giu, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** At most `max` characters, cut after the last sentence end that fits (else at a word). */
function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const sentenceEnd = Math.max(
    ...['. ', '。', '！', '？', '; ', '；'].map((mark) => head.lastIndexOf(mark)),
  );
  if (sentenceEnd > max / 3) return head.slice(0, sentenceEnd + 1).trim();
  const space = head.lastIndexOf(' ');
  return (space > max / 2 ? head.slice(0, space) : head).trim();
}

/** The text as a sentence, ended with the mark of its own script (a Latin title gets "."). */
function endSentence(text: string, phrases: Phrases): string {
  if (/[.!?。！？]$/u.test(text)) return text;
  return /[\p{Script=Latin}\p{N})]$/u.test(text) ? `${text}.` : `${text}${phrases.end}`;
}

/** Whether a fact can be read aloud in the script's language. */
function fitsLanguage(text: string, language: AudioLanguage): boolean {
  return language === 'en' ? !HAN.test(text) : true;
}

/**
 * The facts to read in the script's language: English takes only Latin-script ones; Chinese
 * prefers facts written in Chinese and falls back to the others when the documents have none.
 */
function inLanguage(items: string[], language: AudioLanguage, enough = 1): string[] {
  if (language === 'en') return items.filter((item) => !HAN.test(item));
  const chinese = items.filter((item) => HAN.test(item));
  return chinese.length >= enough ? chinese : items;
}

function companyNameFor(input: ScriptInput): string | null {
  const names = [
    input.intelligence?.companyName,
    ...(input.intelligence?.alternativeCompanyNames ?? []),
    input.card.companyName,
  ].filter((name): name is string => Boolean(name?.trim()));
  const preferred =
    input.language === 'en'
      ? names.find((name) => !HAN.test(name))
      : (names.find((name) => HAN.test(name)) ?? names[0]);
  return preferred ? speakable(preferred) : null;
}

/**
 * Splits the overview into sentences: after CJK end marks, and after Latin ones only where a
 * new sentence visibly starts (space, then a capital), so "Co., Ltd. was founded" stays whole.
 */
function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[。！？])|(?<=[.!?])\s+(?=[A-Z"“\p{Script=Han}])/u)
    .map((sentence) => speakable(sentence))
    .filter((sentence) => sentence.length >= 8);
}

export interface WrittenScript {
  /** The whole script, as spoken and shown as the transcript. */
  text: string;
  /** How many facts from the documents it states (0: card fields only). */
  factCount: number;
}

export function writeAudioScript(input: ScriptInput): WrittenScript {
  const { language, intelligence, card } = input;
  const phrases = language === 'en' ? ENGLISH : CHINESE;
  const budget = BUDGET[language];
  const maxFact = MAX_FACT_CHARS[language];
  const sentences: string[] = [];
  let length = 0;
  let factCount = 0;
  const add = (sentence: string, isFact: boolean): boolean => {
    if (!sentence || length + sentence.length > budget) return false;
    sentences.push(sentence);
    length += sentence.length;
    if (isFact) factCount += 1;
    return true;
  };
  const fact = (text: string) => endSentence(shortened(speakable(text), maxFact), phrases);

  add(endSentence(speakable(input.title), phrases), false);
  const company = companyNameFor(input);
  add(company ? phrases.welcome(company.replace(/[.。]$/u, '')) : phrases.welcomeNoName, false);

  // Reserve room for the closing lines so facts never push them out.
  const person = [card.contactPerson, card.jobTitle && card.contactPerson ? card.jobTitle : null]
    .filter((part): part is string => Boolean(part) && fitsLanguage(part!, language))
    .join(language === 'en' ? ', ' : ' ');
  const closing = [
    person ? phrases.meet(person) : '',
    card.email ? phrases.write(card.email) : '',
    card.website ? phrases.website(speakable(card.website)) : '',
    phrases.closing,
  ].filter(Boolean);
  const reserved = closing.reduce((sum, line) => sum + line.length, 0);
  const factBudget = budget - reserved;
  const addFact = (text: string) => (length + text.length <= factBudget ? add(text, true) : false);

  const overview = inLanguage(sentencesOf(intelligence?.companyOverview ?? ''), language).filter(
    (sentence) => !company || sentence.replace(/[.。]$/u, '') !== company.replace(/[.。]$/u, ''),
  );
  for (const sentence of overview.slice(0, 2)) addFact(fact(sentence));

  const products = inLanguage(
    (intelligence?.keyProducts ?? [])
      .map((product) => speakable(shortProduct(product)))
      .filter((product) => product.length >= 2),
    language,
    2,
  ).slice(0, 5);
  if (products.length > 0) addFact(phrases.products(phrases.listJoin(products)));

  for (const highlight of (intelligence?.businessHighlights ?? []).slice(0, 4)) {
    if (!fitsLanguage(highlight.text, language)) continue;
    const sentence = fact(highlight.text);
    if (!sentences.some((existing) => existing.includes(sentence.slice(0, 20)))) addFact(sentence);
  }

  const certifications = [
    ...new Set((intelligence?.certifications ?? []).map((item) => speakable(item.label))),
  ]
    .filter((label) => fitsLanguage(label, language))
    .slice(0, 4);
  const alreadySaid = (label: string) => sentences.some((sentence) => sentence.includes(label));
  if (certifications.length > 0 && !certifications.every(alreadySaid)) {
    addFact(phrases.certifications(phrases.listJoin(certifications)));
  }

  const seenKinds = new Set<TradeTermKind>();
  for (const term of intelligence?.tradeTerms ?? []) {
    if (seenKinds.has(term.label) || !fitsLanguage(term.text, language)) continue;
    seenKinds.add(term.label);
    const text = shortened(speakable(term.text), maxFact);
    if (alreadySaid(text)) continue;
    // A line with its own label ("MOQ: 2 units") is read as written, and so is one that names
    // its subject ("Samples are free…"); a bare one gets our label.
    const label = TERM_LABELS[term.label][language === 'en' ? 'en' : 'zh'];
    const named =
      /^[^:：]{1,24}[:：]/u.test(text) || text.toLowerCase().includes(label.toLowerCase());
    addFact(endSentence(named ? text : phrases.term(label, text), phrases));
    if (seenKinds.size >= 3) break;
  }

  for (const line of closing) add(line, false);

  const joined = sentences.join(language === 'en' ? ' ' : '');
  const text =
    language === 'zh-TW'
      ? convert(joined, 'traditional')
      : language === 'zh-CN'
        ? convert(joined, 'simplified')
        : joined;
  return { text: tidyText(text), factCount };
}
