import { scriptFamily, type ScriptFamily } from '#server/text/language.ts';
import { CJK_CHAR, cjkBigrams, normalize, termsOf } from './normalize.ts';

/*
 * Passages as sentences: the units an answer quotes (a sentence, a table row with its column
 * headers, a FAQ question with its answer), with their terms for scoring.
 */

const sentenceSegmenter = new Intl.Segmenter('zh', { granularity: 'sentence' });
const TERMINAL = /[.!?。！？;；]$/u;
const FIELD_LINE = /^[\p{L}][^:：]{0,40}[:：]\s*\S/u;
const LIST_ITEM = /^(?:[-•*·▪●◆■]|\d{1,2}[.)、]\s|[qa][:.：]|问[:：]|答[:：])/iu;
const QUESTION_UNIT = /[?？]$|^(?:q\s*[:.：]|问\s*[:：]|question\s*[:：])/iu;

export interface Unit {
  /** Display text: a sentence, a table row with its column headers, or a FAQ question with its answer. */
  text: string;
  /** The heading it sits under (slide title, "Marble Look Series"), for context. */
  heading: string | null;
  isQuestion: boolean;
  /** A table row (`|` cells, "Header: value · …" cells, or a label followed by figures). */
  isRow: boolean;
  terms: ReadonlySet<string>;
  headingTerms: ReadonlySet<string>;
  normalized: string;
  headingNormalized: string;
  bigrams: ReadonlySet<string>;
  hasFigure: boolean;
  family: ScriptFamily | null;
}

// Table rows ----------------------------------------------------------------------------------

/** `|a|b|c|`: a row of a pipe table (at least two cells). */
const PIPE_ROW = /^\|?(?:[^|]*\|){2,}[^|]*$/u;
const PIPE_SEPARATOR = /^\|?(?:\s*:?-{2,}:?\s*\|)+\s*:?-*:?\s*$/u;
/** One cell of a figure column: "280,714", "$", "(92,151)", "23.1", "%", "—", "(a)". */
const FIGURE_TOKEN =
  /^(?:\(?[$€£¥]?-?\d[\d,]*(?:\.\d+)?%?\)?|[$€£¥%—–-]|n\/?m|\([a-z]\)|[A-Z]{1,3}\d{1,4}[A-Z]?|(?:mm|cm|m|km|kg|g|t|w|kw|v|a|hz|bar|mpa|psi|rpm|°c|℃|m³\/h|m3\/h|l\/min|m²|㎡|pcs|db))$/iu;

/** "Total stockholders' equity $ 280,714 $ 279,354 —": a label, then columns of figures. */
function isFigureRow(line: string): boolean {
  if (/[.。]$/u.test(line)) return false;
  const tokens = line.split(' ');
  let end = tokens.length;
  let figures = 0;
  while (end > 0 && FIGURE_TOKEN.test(tokens[end - 1]!)) {
    if (/\d/.test(tokens[end - 1]!)) figures++;
    end--;
  }
  if (figures === 0 || end === 0 || tokens.length - end > 24) return false;
  // "January 28, 2023 January 29, 2022", "2022 2021 2022 2021", "Six months ended June 30,":
  // dates that head the columns.
  if (tokens.slice(end).every((token) => !/\d/.test(token) || DATE_PART.test(token))) {
    if (hasTwoYears(line) || PERIOD_WORDS.test(line)) return false;
  }
  const label = tokens.slice(0, end).join(' ');
  return [...label].length <= 120 && /\p{L}/u.test(label) && !/[.!?。！？]\s+\p{L}/u.test(label);
}

/** A year or a day of a date ("2023", "28,"): a header's figures, not a row's. */
const DATE_PART = /^(?:(?:19|20)\d{2}|[0-3]?\d),?$/u;
const PERIOD_WORDS =
  /\b(?:three|six|nine|twelve) months ended\b|\b(?:year|quarter) ended\b|期末|期初|本期|上期|年度|金额/iu;
/** A year as a table's header prints it (global: count them with `match`). */
export const YEAR = /\b(?:19|20)\d{2}\b/gu;
/** "(in millions, except per share data)": the scale of a table's figures. */
export const SCALE = /\bin (millions|thousands|billions)\b/iu;
/** "Operating expenses:", "Current assets:": a label over some rows of a table. */
const GROUP_LABEL = /^[\p{L}][^.!?。！？]{0,100}[:：]$/u;

/**
 * A line that heads figure columns: periods, two years, "(in millions)". Years are counted, not
 * matched with ".*" between them, which backtracks on long lines.
 */
const COLUMN_HEADER = {
  test(line: string): boolean {
    return PERIOD_WORDS.test(line) || SCALE.test(line) || hasTwoYears(line);
  },
};

function hasTwoYears(line: string): boolean {
  return (line.match(YEAR) ?? []).length >= 2;
}

/** "Sheet · Model: 4SD10-18 · Rated head: 96 m": cells separated by " · ", some "name: value". */
function isFieldRow(line: string): boolean {
  const cells = line.split(' · ');
  return cells.length >= 2 && cells.some((cell) => /^[^:：]{1,80}[:：]\s*\S/u.test(cell));
}

export function isTableRow(line: string): boolean {
  return (
    (PIPE_ROW.test(line) && line.includes('|')) ||
    isFieldRow(line) ||
    isFigureRow(line.replace(/\s+/g, ' ').trim())
  );
}

function pipeCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** A pipe row with its header cells: "使用权资产 · 期末余额: 48,139,019.37 · 期初余额: …". */
function labelledPipeRow(row: string, header: string | null): string {
  const cells = pipeCells(row);
  const names = header ? pipeCells(header) : [];
  if (names.length !== cells.length) return cells.filter(Boolean).join(' · ');
  return cells
    .map((cell, i) => (i === 0 || !names[i] ? cell : `${names[i]}: ${cell}`))
    .filter(Boolean)
    .join(' · ');
}

/**
 * The row that heads the table a text ends in (the first `|` row after a non-table line, or
 * the last line naming periods above figure rows): carried into the next passage of a table
 * cut in two, so its rows still name their columns.
 */
export function trailingTableHeader(text: string): string | null {
  const lines = text.split('\n').map((line) => line.trim());
  let header: string | null = null;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (!line) continue;
    if (line.includes('|') && PIPE_ROW.test(line)) {
      if (!PIPE_SEPARATOR.test(line)) header = line;
      continue;
    }
    if (header) return header;
    if (COLUMN_HEADER.test(line) && !isTableRow(line)) return line;
    // A group's label inside the table ("Operating expenses:") sits below the periods' header.
    if (GROUP_LABEL.test(line)) continue;
    if (!isTableRow(line)) return null;
  }
  return header;
}

/** A table's line: a row, or a group's label over rows ("FINANCING ACTIVITIES:"). */
export function isTableLine(line: string): boolean {
  return isTableRow(line) || GROUP_LABEL.test(line);
}

/** A passage that is all rows and group labels: it sits inside a table begun before it. */
export function isInsideTable(text: string): boolean {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.some(isTableRow) && lines.every(isTableLine);
}

/**
 * "Net weight 32 kg per carton", "Unit price USD 2,480 per set": a label's measured fact (a figure
 * with its unit or currency after words), not a heading.
 */
const MEASURED_FACT =
  /^\p{L}[^\d]*\s(?:(?:usd|rmb|cny|eur|us\$|[$€£¥])\s?\d|\d[\d.,]*\s?(?:x\s?\d[\d.,]*\s?)*(?:kg|g|t|mm|cm|m|km|w|kw|v|a|hz|mah|wh|l|ml|pcs|%|°c|℃|days?|months?|years?|hours?)(?![\p{L}\d]))/iu;

function isHeadingLine(line: string): boolean {
  return (
    [...line].length <= 60 &&
    !TERMINAL.test(line) &&
    !FIELD_LINE.test(line) &&
    !/[,，]$/.test(line) &&
    !isTableRow(line) &&
    !MEASURED_FACT.test(line) &&
    !SHELL_LINE.test(line)
  );
}

/** "$ sudo nv-disk-encrypt disable", "# nvme list": a command to type, not a heading. */
const SHELL_LINE = /^\\?[$#]\s*[a-z]|^sudo\s/u;

/** Lines of a chunk with PDF line wraps joined back into sentences (table rows stay whole). */
function logicalLines(text: string): string[] {
  const raw = text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const lines: string[] = [];
  for (const line of raw) {
    const previous = lines.at(-1);
    const continues =
      previous !== undefined &&
      // A long line cut at the margin, or a narrow column's line that goes on in lower case.
      ([...previous].length >= 40 || (/^[a-z]/u.test(line) && /[\p{L},]$/u.test(previous))) &&
      !/[.!?。！？:：;；]$/u.test(previous) &&
      !LIST_ITEM.test(line) &&
      !FIELD_LINE.test(line) &&
      !isTableRow(line) &&
      !isTableRow(previous);
    if (continues) {
      const joiner =
        CJK_CHAR.test(previous.at(-1) ?? '') && CJK_CHAR.test(line[0] ?? '') ? '' : ' ';
      lines[lines.length - 1] = previous + joiner + line;
    } else {
      lines.push(line);
    }
  }
  return lines;
}

/** A unit over a whole text (a passage), for coverage tests at passage level. */
export function textUnit(text: string): Unit {
  return makeUnit(text, null, false);
}

function makeUnit(text: string, heading: string | null, isQuestion: boolean, isRow = false): Unit {
  const normalized = normalize(text);
  const headingNormalized = heading ? normalize(heading) : '';
  return {
    text,
    heading,
    isQuestion,
    isRow,
    terms: new Set(termsOf(text)),
    headingTerms: new Set(heading ? termsOf(heading) : []),
    normalized,
    headingNormalized,
    bigrams: new Set(cjkBigrams(normalized)),
    hasFigure: /\d|[一二三四五六七八九十百千万亿两]/u.test(text),
    family: scriptFamily(text),
  };
}

/**
 * The sentences of a passage, each with the heading above it; a FAQ question is kept together
 * with its answer, since the question alone answers nothing.
 */
/** A sentence longer than this is quoted and scored by its clauses. */
const LONG_SENTENCE = 300;
const CLAUSE_GROUP = 160;

/**
 * A very long Chinese sentence (a judgment's facts run on for a page without a full stop) in groups of
 * clauses of about CLAUSE_GROUP characters, cut after "；" or "，": so the unit that answers is the
 * clause that holds the fact, not the page around it.
 */
function clauseGroups(sentence: string): string[] {
  if (!sentence) return [];
  // English sentences this long are legal or financial prose whose clauses lean on each other.
  if ([...sentence].length <= LONG_SENTENCE || scriptFamily(sentence) !== 'zh') return [sentence];
  const clauses = sentence.split(/(?<=[;；,，])/u);
  const groups: string[] = [];
  let current = '';
  for (const clause of clauses) {
    if (current && [...current].length + [...clause].length > CLAUSE_GROUP) {
      groups.push(current.trim());
      current = '';
    }
    current += clause;
  }
  if (current.trim()) groups.push(current.trim());
  return groups;
}

export function splitUnits(text: string, carriedHeader: string | null = null): Unit[] {
  const lines = logicalLines(text);
  const pieces: Array<{
    text: string;
    heading: string | null;
    isHeading: boolean;
    isRow?: boolean;
  }> = [];
  let heading: string | null = null;
  // The row heading the current table: a `|` header row, or a line naming figure columns.
  let pipeHeader: string | null = carriedHeader?.includes('|') ? carriedHeader : null;
  let columnHeader: string | null = carriedHeader && !pipeHeader ? carriedHeader : null;
  // The periods heading the figure columns ("2017 2018 2019") and their scale ("in millions"):
  // they stay over the table when a group's label ("Operating expenses:") heads some rows.
  let periods: string | null = columnHeader && hasTwoYears(columnHeader) ? columnHeader : null;
  let scale: string | null = null;
  let previousWasPipe = pipeHeader !== null;
  lines.forEach((line, index) => {
    const next = lines[index + 1];
    const isPipe = line.includes('|') && PIPE_ROW.test(line);
    if (isPipe) {
      if (PIPE_SEPARATOR.test(line)) return;
      if (!previousWasPipe) {
        pipeHeader = line;
        previousWasPipe = true;
        return;
      }
      pieces.push({
        text: labelledPipeRow(line, pipeHeader),
        heading,
        isHeading: false,
        isRow: true,
      });
      return;
    }
    previousWasPipe = false;
    if (isTableRow(line)) {
      const above = lines[index - 1];
      if (
        above !== undefined &&
        !isTableRow(above) &&
        [...above].length <= 100 &&
        !TERMINAL.test(above) &&
        !COLUMN_HEADER.test(above) &&
        // A line of figures alone ("22,342 23,782", a total whose label is on the line before)
        // names no column.
        /\p{L}/u.test(above)
      ) {
        columnHeader = periods && GROUP_LABEL.test(above) ? `${above} ${periods}` : above;
      }
      const scaled =
        columnHeader && scale && !SCALE.test(columnHeader)
          ? `${columnHeader} · ${scale}`
          : columnHeader;
      const header = scaled && [...scaled].length <= 100 ? ` [${scaled}]` : '';
      pieces.push({
        text: isFieldRow(line) ? line : line + header,
        heading,
        isHeading: false,
        isRow: true,
      });
      return;
    }
    if (COLUMN_HEADER.test(line) && [...line].length <= 100 && !TERMINAL.test(line)) {
      columnHeader = line;
      if (hasTwoYears(line)) periods = line;
    }
    const scaleOfLine = SCALE.exec(line)?.[0];
    if (scaleOfLine && [...line].length <= 100) scale = scaleOfLine.toLowerCase();
    else if (TERMINAL.test(line) || [...line].length > 100) {
      // Prose ends the table: its header, periods and scale are not the next one's.
      columnHeader = null;
      periods = null;
      scale = null;
    }
    if (isHeadingLine(line) && next !== undefined && !LIST_ITEM.test(line)) {
      heading = line;
      pieces.push({ text: line, heading: null, isHeading: true });
      return;
    }
    for (const { segment } of sentenceSegmenter.segment(line)) {
      for (const part of clauseGroups(segment.trim())) {
        pieces.push({ text: part, heading, isHeading: false });
      }
    }
  });

  const units: Unit[] = [];
  const hasBody = pieces.some((piece) => !piece.isHeading);
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (piece.isHeading) {
      if (!hasBody) units.push(makeUnit(piece.text, null, false));
      continue;
    }
    if (QUESTION_UNIT.test(piece.text)) {
      const answer: string[] = [];
      while (
        answer.length < 2 &&
        pieces[i + 1] &&
        !pieces[i + 1]!.isHeading &&
        !QUESTION_UNIT.test(pieces[i + 1]!.text)
      ) {
        answer.push(pieces[i + 1]!.text);
        i++;
        if (answer.join(' ').length > 160) break;
      }
      if (answer.length > 0) {
        units.push(makeUnit(`${piece.text} ${answer.join(' ')}`, piece.heading, true));
      }
      continue;
    }
    units.push(makeUnit(piece.text, piece.heading, false, piece.isRow));
  }
  return units;
}
