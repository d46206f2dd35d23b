import { foldKeepingOffsets } from '#server/text/han-script.ts';
import {
  CERTIFICATION_CONTEXT,
  CONTACT_LABEL,
  HIGHLIGHT_CUE,
  OVERVIEW_CUE,
  TRADE_TERM_CUES,
  type TradeTermKind,
} from '#server/vocabulary/document-cues.ts';
import type { AnalysedDocument } from './analyse.ts';
import { EMAIL_PATTERN } from './email-pattern.ts';
import {
  QUESTION_START,
  ANSWER_START,
  ENGLISH_COMPANY,
  CHINESE_COMPANY,
  CHINESE_LEADING_NOISE,
  COMPANY_REFERENCE,
  SERIES,
  NEW_PRODUCT,
  ENGLISH_PRODUCES,
  OFFERING_LIST,
  CHINESE_PRODUCES,
  ADDRESS_LABEL,
  CHINESE_LOCATION,
  CONTACT_PERSON,
  CERTIFICATION,
} from '#server/vocabulary/document-patterns.ts';

/*
 * A card's company intelligence, read from the text with patterns: the company's name and
 * overview, products, contact details, question-and-answer pairs and highlights. Every item
 * that a visitor might be shown keeps its file and page so it can be cited. A provider, when
 * configured, can write a richer version; this one needs no network.
 */

export interface SourcedText {
  text: string;
  fileName: string;
  page: number | null;
}

export interface CommonQuestion {
  question: string;
  answer: string;
  fileName: string;
  page: number | null;
}

export interface ContactInformation {
  phones: string[];
  emails: string[];
  websites: string[];
  addresses: string[];
  /** "Name, role" as written next to a contact label (联系人, Contact). */
  contactPersons: string[];
}

/** One fact with the line it was read from: what a visitor is shown and what is cited. */
export interface SourcedFact extends SourcedText {
  /** The fact itself ("Marble Look Series", "payment"): text is the whole line it came from. */
  label: string;
}

export type { TradeTermKind } from '#server/vocabulary/document-cues.ts';

export interface DocumentIntelligence {
  companyName?: string;
  /** Other spellings found (another language, upper case). */
  alternativeCompanyNames: string[];
  companyOverview: string;
  overviewSources: SourcedText[];
  keyProducts: string[];
  contactInformation: ContactInformation;
  commonQuestions: CommonQuestion[];
  businessHighlights: SourcedText[];
  /** keyProducts with the line each was found on. */
  productSources: SourcedFact[];
  /** Lines carrying contact details (phone, e-mail, address, contact person, website). */
  contactSources: SourcedFact[];
  /** Payment, delivery, MOQ, samples, warranty, shipping, price and OEM lines; label = kind. */
  tradeTerms: Array<SourcedFact & { label: TradeTermKind }>;
  /** Certifications and standards named (CE, ISO 9001, 3C), with their line. */
  certifications: SourcedFact[];
}

interface Line {
  text: string;
  fileName: string;
  page: number | null;
}

const MAX_PRODUCTS = 20;
const MAX_HIGHLIGHTS = 10;
const MAX_OVERVIEW_CHARS = 600;

function linesOf(docs: readonly AnalysedDocument[]): Line[] {
  const lines: Line[] = [];
  for (const doc of docs) {
    for (const section of doc.sections) {
      for (const text of section.text.split('\n')) {
        if (text.trim())
          lines.push({ text: text.trim(), fileName: doc.fileName, page: section.page });
      }
    }
  }
  return lines;
}

const sentenceSegmenter = new Intl.Segmenter('zh', { granularity: 'sentence' });
/**
 * Intl.Segmenter takes time in the length of its text for every sentence it returns, so a long
 * line costs quadratic time (300,000 characters of English: 1.9 s; of Chinese: 14 s). A long
 * line goes to it in windows of this many characters; the last sentence of a window, which may
 * go on past it, is read again with what follows (unless it is the window's only one).
 */
const SENTENCE_WINDOW = 2_000;

function* sentencesOfLine(line: string): Generator<string> {
  let start = 0;
  while (line.length - start > SENTENCE_WINDOW) {
    let end = start + SENTENCE_WINDOW;
    if (/[\uD800-\uDBFF]/.test(line[end - 1]!)) end--;
    const found = [...sentenceSegmenter.segment(line.slice(start, end))].map((s) => s.segment);
    const kept = found.length > 1 ? found.slice(0, -1) : found;
    yield* kept;
    start += kept.reduce((length, sentence) => length + sentence.length, 0);
  }
  for (const { segment } of sentenceSegmenter.segment(line.slice(start))) yield segment;
}

/** Sentences of the text, each remembering where it was (PDF lines are joined first). */
function sentencesOf(docs: readonly AnalysedDocument[]): Line[] {
  const sentences: Line[] = [];
  for (const doc of docs) {
    for (const section of doc.sections) {
      // A long line that does not end a sentence was wrapped (PDF text): it continues on the
      // next line. Short lines are headings and stay apart.
      const joined = section.text.replace(
        /^(.{40,}[^.!?。！？:：;；])\n(?=\S)/gmu,
        (_, line: string) => `${line} `,
      );
      for (const line of joined.split('\n')) {
        for (const segment of sentencesOfLine(line)) {
          const text = segment.trim();
          if (text.length >= 4)
            sentences.push({ text, fileName: doc.fileName, page: section.page });
        }
      }
    }
  }
  return sentences;
}

const unique = <T>(items: T[]) => [...new Set(items)];

// Company names ------------------------------------------------------------------------------

function findCompanyNames(lines: Line[]): string[] {
  const counts = new Map<string, { name: string; count: number; order: number }>();
  let order = 0;
  const add = (raw: string) => {
    const name = raw.replace(/\s+/g, ' ').trim();
    const key = name.toLowerCase().replace(/[.,\s]/g, '');
    const entry = counts.get(key);
    if (entry) {
      entry.count++;
      // Prefer the spelling with lower-case letters for display over an all-caps heading.
      if (entry.name === entry.name.toUpperCase() && name !== name.toUpperCase()) entry.name = name;
    } else {
      counts.set(key, { name, count: 1, order: order++ });
    }
  };
  for (const { text } of lines) {
    for (const match of text.matchAll(ENGLISH_COMPANY)) if (match[1]) add(match[1]);
    for (const match of text.matchAll(CHINESE_COMPANY)) {
      if (match[1]) add(match[1].replace(CHINESE_LEADING_NOISE, ''));
    }
  }
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || a.order - b.order)
    .map((entry) => entry.name);
}

// Overview and highlights ----------------------------------------------------------------------

/** A sentence about "the company" without naming it. */

function buildOverview(sentences: Line[], companyNames: string[]): SourcedText[] {
  const nameKeys = companyNames.map((name) => name.toLowerCase());
  const chosen: SourcedText[] = [];
  let length = 0;
  for (const sentence of sentences) {
    const lower = sentence.text.toLowerCase();
    const aboutCompany =
      nameKeys.some((key) => lower.includes(key)) || COMPANY_REFERENCE.test(sentence.text);
    if (!aboutCompany || !OVERVIEW_CUE.test(foldKeepingOffsets(sentence.text))) continue;
    if (sentence.text.length < 15 || length + sentence.text.length > MAX_OVERVIEW_CHARS) continue;
    chosen.push(sentence);
    length += sentence.text.length;
  }
  return chosen;
}

function buildHighlights(sentences: Line[], overview: SourcedText[]): SourcedText[] {
  const used = new Set(overview.map((item) => item.text));
  return (
    sentences
      .filter(
        (sentence) =>
          /\d/.test(sentence.text) && HIGHLIGHT_CUE.test(foldKeepingOffsets(sentence.text)),
      )
      .filter((sentence) => !used.has(sentence.text) && sentence.text.length <= 240)
      .filter((sentence) => !/^(q|a|问|答|問)\s*[:：]/iu.test(sentence.text))
      // Contact lines are contact information, not achievements.
      .filter((sentence) => !sentence.text.includes('@') && !/\+\d{2}/.test(sentence.text))
      .slice(0, MAX_HIGHLIGHTS)
  );
}

// Products -------------------------------------------------------------------------------------

/**
 * A catalogue line that starts with a model code: "HT-M6060: glazed porcelain, …",
 * "QB60 peripheral pump: 0.37 kW, …" (the name before the colon), "4SD8-26: 4-inch …".
 */
const MODEL_LINE =
  /^((?:[A-Z]{1,4}-?[A-Z]{0,2}\d{2,}|\d{1,2}[A-Z]{1,3}\d+)[A-Z0-9]*(?:-[A-Z0-9]+)*)(?:\s+([A-Za-z][A-Za-z -]{2,40}?)\s*[:：]|\s*[:：]|\s+[-–]\s)\s*(.+)$/;

/**
 * A phrase the patterns took for a product but that states something about the company: its
 * capacity, history, staff, markets or certificates ("能力达到80万台", "通过CE认证",
 * "since 2006"). One list, so every generator quotes products only.
 */
const NOT_A_PRODUCT =
  /能力|产能|產能|年产|年產|日产|日產|达到|達到|成立|位于|位於|拥有|擁有|员工|員工|专利|專利|远销|遠銷|销往|銷往|通过|通過|认证|認證|的|企业|企業|公司|我们|我們|用$|\b(?:capacity|founded|established|since|employees|staff|patents?|certified|certification|exported?|countries|years?)\b/iu;

/** A label that names a product: a model or a name, not a statement or a fragment. */
export function isProductLabel(label: string): boolean {
  const name = label.split(/[:：]/u)[0]!.trim();
  if ([...name].length < 2) return false;
  // A model code ("QB60: …") names a product whatever its description says.
  if (/^[A-Z0-9][A-Z0-9-]*\d[A-Z0-9-]*$/u.test(name) && /[:：]/u.test(label)) return true;
  return !NOT_A_PRODUCT.test(label) && !/\d+\s*(?:万|萬)?(?:台|套|件|吨|噸|平方米|m²)/u.test(label);
}

function findProducts(lines: Line[]): SourcedFact[] {
  const products: SourcedFact[] = [];
  for (const line of lines) {
    const { text } = line;
    const found: string[] = [];
    // Questions mention products the company does not sell ("Do you offer installation?").
    if (/[?？]$/u.test(text) || QUESTION_START.test(text)) continue;
    const model = MODEL_LINE.exec(text);
    if (model?.[1] && model[3]) {
      const description = model[2]?.trim() || (model[3].split(/[,，;；]/)[0]?.trim() ?? '');
      found.push(description ? `${model[1]}: ${description}` : model[1]);
    }
    const offering = OFFERING_LIST.exec(text)?.[1];
    if (offering) {
      for (const item of offering
        .replace(/[.。]$/u, '')
        .split(/,\s*(?:and\s+)?|\s+and\s+|[、，；;]/u)) {
        const trimmed = item.replace(/\s+for .*$/u, '').trim();
        if (trimmed.length >= 2 && trimmed.length <= 60) found.push(trimmed);
      }
    }
    for (const match of text.matchAll(SERIES)) if (match[1]) found.push(match[1].trim());
    for (const match of text.matchAll(NEW_PRODUCT)) if (match[1]) found.push(match[1].trim());
    for (const match of text.matchAll(ENGLISH_PRODUCES)) if (match[1]) found.push(match[1].trim());
    for (const match of text.matchAll(CHINESE_PRODUCES)) {
      for (const part of (match[1] ?? '').split(/[和及与與、]/u)) {
        if (part.trim().length >= 2) found.push(part.trim());
      }
    }
    for (const label of found) if (isProductLabel(label)) products.push({ ...line, label });
  }
  // Headings like "Marble Look Series" also appear inside sentences: keep each once.
  const seen = new Set<string>();
  return products
    .filter((product) => {
      const key = product.label.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_PRODUCTS);
}

// Contacts -------------------------------------------------------------------------------------

const EMAIL = new RegExp(EMAIL_PATTERN, 'g');
const WEBSITE = /\b(?:https?:\/\/[^\s,，。;；)）]+|www\.[\w-]+(?:\.[\w-]+)+[^\s,，。;；)）]*)/gi;
const PHONE =
  /(?:\+\d{1,3}[\s-]?)?(?:\(\d{2,4}\)[\s-]?)?\d{2,4}[\s-]\d{3,4}[\s-]\d{3,4}\b|(?<!\d)1[3-9]\d{9}(?!\d)|\+\d{8,14}\b/g;

function buildContacts(lines: Line[]): ContactInformation {
  const emails: string[] = [];
  const websites: string[] = [];
  const phones: string[] = [];
  const addresses: string[] = [];
  const contactPersons: string[] = [];
  for (const { text } of lines) {
    for (const match of text.matchAll(EMAIL)) emails.push(match[0].replace(/[.。]$/, ''));
    for (const match of text.matchAll(WEBSITE)) websites.push(match[0].replace(/[.。]$/, ''));
    // A phone-shaped number counts when labelled or in international form; catalogue
    // dimensions ("600 x 600") never match the digit grouping anyway. The label is looked for
    // once per line, not once per number (a line of 20,000 numbers: quadratic).
    const labelled = CONTACT_LABEL.test(foldKeepingOffsets(text));
    for (const match of text.matchAll(PHONE)) {
      if (match[0].startsWith('+') || labelled || /^1[3-9]\d{9}$/.test(match[0])) {
        phones.push(match[0].trim());
      }
    }
    for (const match of text.matchAll(ADDRESS_LABEL)) if (match[1]) addresses.push(match[1].trim());
    for (const match of text.matchAll(CHINESE_LOCATION)) if (match[1]) addresses.push(match[1]);
    for (const match of text.matchAll(CONTACT_PERSON)) {
      const name = match[1]?.trim();
      if (!name || name.includes('@') || /\d{3}/.test(name)) continue;
      const role = match[2]?.trim();
      contactPersons.push(
        role && !CONTACT_LABEL.test(foldKeepingOffsets(role)) ? `${name}, ${role}` : name,
      );
    }
  }
  const emailDomains = new Set(emails.map((email) => email.split('@')[1]?.toLowerCase()));
  return {
    phones: unique(phones),
    emails: unique(emails),
    websites: unique(websites).filter((site) => !emailDomains.has(site.toLowerCase())),
    addresses: unique(addresses),
    contactPersons: unique(contactPersons),
  };
}

const CONTACT_LINE = new RegExp(
  [EMAIL.source, WEBSITE.source, ADDRESS_LABEL.source, CONTACT_PERSON.source].join('|'),
  'iu',
);
/** The phone and messenger labels, looked for in the folded line. */
const CONTACT_LINE_LABEL = new RegExp(CONTACT_LABEL.source, 'iu');

function isContactLine(text: string): boolean {
  return CONTACT_LINE.test(text) || CONTACT_LINE_LABEL.test(foldKeepingOffsets(text));
}

/** The lines that carry contact details, each once (a contact block is usually a few lines). */
function findContactLines(lines: Line[]): SourcedFact[] {
  const seen = new Set<string>();
  const found: SourcedFact[] = [];
  for (const line of lines) {
    if (line.text.length > 240 || seen.has(line.text) || !isContactLine(line.text)) continue;
    // A label alone ("Contact us") is no detail: a value must follow it.
    if (!/[:：]\s*\S|@|\d{3}|www\./u.test(line.text)) continue;
    seen.add(line.text);
    found.push({ ...line, label: 'contact' });
  }
  return found;
}

// Trade terms and certifications ----------------------------------------------------------------

const MAX_TRADE_TERMS = 16;

/**
 * A heading names a topic and states nothing ("Ordering and shipping", "付款与交货"): no
 * figure, no label with a value, a few words. Quoted as a term it reads "Shipping: Ordering
 * and shipping."
 */
function isHeading(text: string): boolean {
  if (/\d|[:：]\s*\S/u.test(text)) return false;
  // A table's header row: column names between separators ("型号 · 品名 · 单价（美元）").
  if (/\s[·|]\s/u.test(text)) return true;
  const bare = text.replace(/[.。!！]$/u, '');
  const han = bare.match(/\p{Script=Han}/gu)?.length ?? 0;
  return han > 0 ? han <= 8 && !/[，,]/u.test(bare) : bare.split(/\s+/u).length <= 4;
}

/** Lines stating trade terms, short enough to quote, questions left out (FAQ answers kept). */
function findTradeTerms(lines: Line[]): Array<SourcedFact & { label: TradeTermKind }> {
  const found: Array<SourcedFact & { label: TradeTermKind }> = [];
  const seen = new Set<string>();
  for (const line of lines) {
    const text = line.text.replace(ANSWER_START, '$1');
    if (text.length < 8 || text.length > 240 || seen.has(text)) continue;
    if (/[?？]$/u.test(text) || QUESTION_START.test(text)) continue;
    const folded = foldKeepingOffsets(text);
    const kind = TRADE_TERM_CUES.find(([, cue]) => cue.test(folded))?.[0];
    if (!kind || isHeading(text)) continue;
    seen.add(text);
    found.push({ ...line, text, label: kind });
    if (found.length >= MAX_TRADE_TERMS) break;
  }
  return found;
}

/** Certifications named next to a word that says so ("Certifications: CE, ISO 14001"). */
function findCertifications(lines: Line[]): SourcedFact[] {
  const found = new Map<string, SourcedFact>();
  for (const line of lines) {
    if (line.text.length > 300 || !CERTIFICATION_CONTEXT.test(foldKeepingOffsets(line.text))) {
      continue;
    }
    if (/[?？]$/u.test(line.text) || QUESTION_START.test(line.text)) continue;
    for (const match of line.text.matchAll(CERTIFICATION)) {
      const label = match[0].replace(/\s+/g, ' ');
      const key = label.toUpperCase().replace(/\s/g, '');
      if (!found.has(key)) found.set(key, { ...line, label });
    }
  }
  return [...found.values()];
}

// Questions ------------------------------------------------------------------------------------

function findQuestions(lines: Line[]): CommonQuestion[] {
  const questions: CommonQuestion[] = [];
  let open: CommonQuestion | null = null;
  // The answer's last line: whether the answer ends a sentence is read from it, not from the
  // whole answer, which grows with every line (an answer of 30,000 short lines: quadratic).
  let lastLine = '';
  for (const line of lines) {
    const question = QUESTION_START.exec(line.text);
    const answer = ANSWER_START.exec(line.text);
    if (question?.[1]) {
      open = { question: question[1].trim(), answer: '', fileName: line.fileName, page: line.page };
      questions.push(open);
    } else if (answer?.[1] && open && !open.answer) {
      open.answer = lastLine = answer[1].trim();
    } else if (open?.answer && open.fileName === line.fileName && !/[.!?。！？]$/u.test(lastLine)) {
      // An answer cut mid-sentence continues on the next line (wrapped text).
      open.answer += ` ${line.text}`;
      lastLine = line.text;
    } else {
      open = null;
    }
  }
  return questions.filter((item) => item.answer);
}

/** Reads the intelligence fields from the documents' text (no network, no model). */
export function buildIntelligence(docs: readonly AnalysedDocument[]): DocumentIntelligence {
  const lines = linesOf(docs);
  const sentences = sentencesOf(docs);
  const companyNames = findCompanyNames(lines);
  const overviewSources = buildOverview(sentences, companyNames);
  const products = findProducts(lines);
  return {
    ...(companyNames[0] ? { companyName: companyNames[0] } : {}),
    alternativeCompanyNames: companyNames.slice(1, 4),
    companyOverview: overviewSources.map((item) => item.text).join(' '),
    overviewSources,
    keyProducts: products.map((product) => product.label),
    contactInformation: buildContacts(lines),
    commonQuestions: findQuestions(lines),
    businessHighlights: buildHighlights(sentences, overviewSources),
    productSources: products,
    contactSources: findContactLines(lines),
    tradeTerms: findTradeTerms(sentences),
    certifications: findCertifications(sentences),
  };
}
