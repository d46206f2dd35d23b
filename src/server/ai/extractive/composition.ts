import type { RedListKeyword } from '../guard.ts';
import { messagesFor } from '../messages.ts';
import type { Citation, Reply } from '../provider.ts';
import type { CardIndex } from '../retrieval.ts';
import type { ChatLanguage } from '#server/text/language.ts';
import { normalize, termsOf } from '../text/normalize.ts';
import { analyseQuestion } from '../text/question.ts';
import { inReadersScript } from '../text/reader-script.ts';
import { rowSentence } from '../text/row-sentence.ts';
import { statedCell } from '../text/table-cell.ts';
import { echoesQuestion, headingAnswers, isShortName } from './scoring.ts';
import type { LocalOutcome } from './selection.ts';

/*
 * Composition: the chosen sentences quoted (each clipped around what the question asks, a
 * heading added where the line alone does not answer) with numbered citations by document and
 * page, in the visitor's language; or the message that says why there is no answer.
 */

const MAX_EXCERPT_CHARS = 240;
/** Characters quoted in all (one unit may take them all, two share them). */
const MAX_QUOTE_CHARS = 400;

/** Where a needle occurs (in characters), at most `limit` times. */
function occurrences(chars: readonly string[], needle: string, limit: number): number[] {
  const needleChars = [...needle];
  const found: number[] = [];
  for (let i = 0; i + needleChars.length <= chars.length && found.length < limit; i++) {
    if (needleChars.every((char, j) => chars[i + j] === char)) found.push(i);
  }
  return found;
}

/**
 * The place to clip a long text around: the occurrence of a focus term whose window holds the
 * most of the focus (longer terms count more, up to four characters), so a long sentence is
 * quoted where the question's words meet, not where its commonest word first appears. -1 when
 * no focus term occurs.
 */
function bestFocus(chars: readonly string[], focus: readonly string[], max: number): number {
  const needles = [...new Set(focus.filter(Boolean))];
  const places = needles.map((needle) => occurrences(chars, needle, 20));
  let best = -1;
  let bestScore = 0;
  for (const at of places.flat()) {
    const start = Math.max(0, at - Math.floor(max / 3));
    const end = start + max;
    let score = 0;
    places.forEach((list, i) => {
      if (list.some((place) => place >= start && place + [...needles[i]!].length <= end)) {
        score += Math.min([...needles[i]!].length, 4);
      }
    });
    if (score > bestScore || (score === bestScore && best >= 0 && at < best)) {
      best = at;
      bestScore = score;
    }
  }
  return best;
}

/** A window of at most `max` characters of `text`, around the first of `focus` found in it. */
export function clip(text: string, max: number, focus: readonly string[] = []): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const chars = [...clean];
  if (chars.length <= max) return clean;
  const at = bestFocus([...normalize(clean)], focus, max);
  let start = at < 0 ? 0 : Math.max(0, Math.min(at - Math.floor(max / 3), chars.length - max + 1));
  if (start > 0) {
    const space = chars.indexOf(' ', start);
    if (space > 0 && space - start < 20) start = space + 1;
  }
  let end = Math.min(chars.length, start + max - (start > 0 ? 2 : 1));
  if (end < chars.length) {
    const space = chars.lastIndexOf(' ', end);
    if (space > start + max / 2) end = space;
  }
  return `${start > 0 ? '…' : ''}${chars.slice(start, end).join('').trim()}${end < chars.length ? '…' : ''}`;
}

/** "23.1 %" and "$ 757" as a PDF's columns left them: written as a reader writes them. */
function tidyFigures(text: string): string {
  return text.replace(/(\d) (%)/gu, '$1$2').replace(/([$€£¥]) (?=\d)/gu, '$1');
}

function focusTerms(question: string, keywords: readonly RedListKeyword[]): string[] {
  const forms = analyseQuestion(question).concepts.flatMap((c) => [
    ...(c.primary.anyOf ?? []),
    ...(c.primary.cjk ? [c.primary.cjk] : []),
    ...(c.primary.words ?? []),
  ]);
  return [...keywords.map((k) => normalize(k.keyword)), ...forms];
}

/** The visitor-facing message and citations of an outcome, in the visitor's language. */
export function composeAnswer(
  index: CardIndex,
  outcome: LocalOutcome,
  question: string,
  language: ChatLanguage,
  options: { companyName?: string | null; keywords?: readonly RedListKeyword[] } = {},
): Reply {
  const messages = messagesFor(language);
  switch (outcome.kind) {
    case 'greeting':
      return { message: messages.greeting(options.companyName ?? null), citations: [] };
    case 'no-documents':
      return { message: messages.noDocuments, citations: [] };
    case 'not-covered':
      return { message: messages.notCovered, citations: [] };
    case 'red-listed':
      return { message: messages.redListed(outcome.keyword), citations: [] };
    case 'answer':
      break;
  }
  const keywords = options.keywords ?? [];
  const touched = keywords.filter((keyword) =>
    outcome.selected.some((item) => keyword.matches(item.unit.text)),
  );
  const focus = focusTerms(question, touched);
  const analysis = analyseQuestion(question);
  const questionTerms = new Set(termsOf(analysis.normalized));
  const citations: Citation[] = [];
  const citationKeys: string[] = [];
  const lines: string[] = [];
  const family = language === 'en' ? 'en' : 'zh';
  let quotesOtherLanguage = false;
  let rendersChinese = false;
  for (const { chunkIndex, unit } of outcome.selected) {
    const chunk = index.chunks[chunkIndex]!;
    const key = `${chunk.documentId}:${chunk.page ?? ''}`;
    let number = citationKeys.indexOf(key);
    const excerpt = clip(unit.text, MAX_EXCERPT_CHARS, focus);
    if (number < 0) {
      citationKeys.push(key);
      citations.push({
        documentName: chunk.fileName,
        page: chunk.page,
        excerpt,
        documentId: chunk.documentId,
      });
      number = citations.length - 1;
    } else {
      const joined = `${citations[number]!.excerpt} … ${excerpt}`;
      citations[number]!.excerpt = clip(joined, MAX_EXCERPT_CHARS, focus);
    }
    if (unit.family && unit.family !== family) quotesOtherLanguage = true;
    const share = Math.floor(MAX_QUOTE_CHARS / outcome.selected.length);
    // A line that restates the question is quoted with the heading that answers it.
    // So is the line under a short name when the question asks which one ("Matrix" above
    // "Measures light across the entire frame").
    const text =
      headingAnswers(unit, questionTerms) &&
      (echoesQuestion(unit, questionTerms) || (analysis.asksWhich && isShortName(unit.heading!)))
        ? `${unit.heading}: ${unit.text}`
        : unit.text;
    const stated = unit.isRow ? statedCell(text, analysis.normalized) : null;
    const quoted = clip(tidyFigures(stated ?? rowSentence(text)), share, focus);
    const { text: shown, original } = inReadersScript(quoted, language);
    lines.push(`${shown} [${number + 1}]${original ? `\n${messages.original(original)}` : ''}`);
    if (original) rendersChinese = true;
  }
  // Quoting another language: say, in the buyer's language, which document is quoted.
  const only = citations.length === 1 ? citations[0]! : null;
  const intro = outcome.disagreement
    ? messages.disagreement
    : !quotesOtherLanguage
      ? messages.intro
      : rendersChinese
        ? only
          ? messages.renderedFrom(only.documentName, only.page)
          : messages.introRendered
        : only
          ? messages.quotedFrom(only.documentName, only.page)
          : messages.introQuoted;
  return { message: `${intro}\n\n${lines.join('\n')}`, citations };
}
