/*
 * Lines broken inside a sentence or a figure, joined again before chunking, so that the unit
 * that answers a question holds the whole fact. A PDF's text layer and OCR give one line per
 * printed line: a scanned service letter reads "MPPT 控制器质保 3" / "" / "年。", and "How long
 * is the controller warranty?" then finds a line without its unit; "30%" / "T/T in advance"
 * loses what the 30 % is.
 *
 * The rule is conservative: only these breaks are joined, everything else stays a line
 * (headings, list items, table rows, contact lines, short lines of a card or a label).
 *
 * Across at most one blank line (OCR leaves one inside a paragraph):
 * - the next line starts with what cannot start a line: closing or pausing punctuation
 *   ("，", "。", "）", ",", ";"...);
 * - the previous line ends in a figure and the next starts with its unit ("3" / "年",
 *   "1200" / "mm", "30%" / "T/T", "5" / "years"), or the previous ends with a currency or
 *   "about" and the next starts with the figure ("USD" / "29.5").
 * Directly adjacent lines only:
 * - prose in Latin letters: the previous line is a line of prose (four words or more), does not
 *   end a sentence, and the next starts with a lower-case word;
 * - prose in Chinese: the previous line ends with a comma, or it is a long line of prose (with
 *   a comma or full stop inside) ending in a character, and the next starts with a character.
 */

const HAN = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;
const HAN_LETTER = /\p{Script=Han}/u;

/** Punctuation that never starts a line (Chinese line-breaking rules, and Latin's own). */
const NO_LINE_START = /^[，。、；：！？）」』】〕》,;:)\]!?%](?![.。])/u;
const CJK_UNITS =
  '个月|小时|分钟|平方米|立方米|千克|公斤|厘米|毫米|公里|毫升|千瓦|赫兹|美元|欧元|人民币|年|月|周|天|日|秒|次|台|套|件|个|只|片|张|箱|吨|克|米|升|元|万|亿|倍|度|伏|瓦|℃';
const LATIN_UNITS =
  'years?|months?|weeks?|days?|hours?|hrs?|minutes?|mins?|seconds?|secs?|pcs|pieces?|sets?|units?|cartons?|pallets?|containers?|tons?|tonnes?|kgs?|mm|cm|km|m²|m³|m|g|mAh|kWh|Wh|kW|MW|kV|mA|kHz|MHz|GHz|Hz|ml|mL|°C|℃|°F|inch(?:es)?|ft|lbs?|bar|MPa|kPa|psi|rpm|dB|USD|RMB|EUR|CNY|%';
/** Units of one capital letter ("A new era" is no unit): only before a figure or the line's end. */
const LETTER_UNITS = String.raw`[AVWL](?=$|\s*[^\s\p{L}])`;
/** The unit that follows a figure, at the start of the next line; or T/T, L/C after "30%". */
const UNIT_START = new RegExp(
  `^(?:(?:${CJK_UNITS})|(?:${LATIN_UNITS})(?![\\p{L}\\p{N}])|${LETTER_UNITS}|[A-Z]/[A-Z]\\b)`,
  'u',
);
/** A line that ends in a figure: "质保 3", "1,200", "30%", "2.5". */
const FIGURE_END = /(?:^|[^\p{L}\p{N}.,])\d[\d,.]*%?$/u;
/** A line that ends where a figure must follow: a currency, "about", "up to", "约". */
const BEFORE_FIGURE_END =
  /(?:\b(?:USD|US\$|RMB|EUR|CNY|about|approx\.?|approximately|up to|at least|at most|over|under)|[$€£¥￥≈~±≥≤约仅]|不超过|不少于|最多|至少)$/iu;
const FIGURE_START = /^[$€£¥￥]?\d/u;

/** List items: bullets, "1.", "(2)", "一、", "①", "a)", "第三条". */
const LIST_ITEM =
  /^(?:[-–—•*·▪●◆■►▶✓✔☐□○◦]|\d{1,3}[.)、．](?!\d)|[(（]\d{1,3}[)）]|[(（]?[一二三四五六七八九十]+[)）、]|[①-⑳]|[a-z][.)]\s|第[一二三四五六七八九十百\d]+[章节条款部])/u;
/** Contact data: an e-mail address, a web address, a labelled phone number. */
const CONTACT_START =
  /^(?:https?:\/\/|www\.)|^(?:tel|phone|mobile|fax|e-?mail|web|电话|電話|手机|手機|传真|傳真|邮箱|郵箱|网址|網址)\b/iu;
/** A table row as the readers write it: "Header: value · Header: value", or pipe cells. */
const TABLE_ROW = /\s·\s|\||\t/u;
const SENTENCE_END = /[.!?。！？:：;；]$/u;

/*
 * A line kept so far, with lines joined onto it. What the rules ask of its start or its end is
 * read off a slice of it, and whether it holds a table cell or an e-mail address is carried over
 * from the lines joined: asked of the whole text every time, a paragraph of prose joined line by
 * line was reread in full for each line added to it (most of the time a PDF's text spent here).
 * The answers are the same as the patterns' over the whole text.
 */
interface Kept {
  text: string;
  tableRow: boolean;
  atSign: boolean;
}

/** Longest match of TABLE_ROW, less one: how far a cell mark can reach across a join. */
const TABLE_ROW_REACH = 2;
/** Enough of a line's start for CONTACT_START, the character after its longest word included. */
const CONTACT_START_REACH = 16;
/** Enough of a line's end for BEFORE_FIGURE_END ("approximately"), with the character before. */
const BEFORE_FIGURE_REACH = 16;

function kept(line: string): Kept {
  return { text: line, tableRow: TABLE_ROW.test(line), atSign: line.includes('@') };
}

function joined(previous: Kept, glue: string, line: Kept): Kept {
  const seam = previous.text.slice(-TABLE_ROW_REACH) + glue + line.text.slice(0, TABLE_ROW_REACH);
  return {
    text: previous.text + glue + line.text,
    tableRow: previous.tableRow || line.tableRow || TABLE_ROW.test(seam),
    atSign: previous.atSign || line.atSign,
  };
}

function isContact(line: Kept): boolean {
  return line.atSign || CONTACT_START.test(line.text.slice(0, CONTACT_START_REACH));
}

function isStructural(line: Kept): boolean {
  return LIST_ITEM.test(line.text) || line.tableRow || isContact(line);
}

/** The line's last character, a surrogate pair whole: enough for a one-character `…$` pattern. */
function lastCharacter(text: string): string {
  return text.slice(-2);
}

/** FIGURE_END, asked of the line's last run of digits, commas, stops and "%" and what precedes it. */
function endsInFigure(text: string): boolean {
  let start = text.length;
  while (start > 0 && /[\d,.%]/.test(text[start - 1]!)) start--;
  return start < text.length && FIGURE_END.test(text.slice(Math.max(0, start - 2)));
}

/** A line of Latin prose: four words or more, not the short line of a card or a heading. */
function isLatinProse(line: string): boolean {
  // Three runs of spaces between words: what splitting at /\s+/ into four parts or more needs.
  return /\s+\S+\s+\S+\s/u.test(line) && /\p{Ll}/u.test(line);
}

/** A line of Chinese prose long enough to have been wrapped at the margin. */
function isChineseProse(line: string): boolean {
  return hasCodePoints(line, 15) && /[，、。；]/u.test(line.slice(0, -1));
}

function hasCodePoints(text: string, count: number): boolean {
  let found = 0;
  for (const _ of text) if (++found >= count) return true;
  return false;
}

function joiner(previous: string, next: string): string {
  if (NO_LINE_START.test(next)) return '';
  return HAN.test(previous.at(-1) ?? '') && HAN.test(next[0] ?? '') ? '' : ' ';
}

/** Whether a line break between `previous` and `next` sits inside a sentence or a figure. */
function breaksFact(previous: Kept, next: Kept): boolean {
  if (previous.tableRow || next.tableRow) return false;
  if (NO_LINE_START.test(next.text)) return true;
  // A phone number ends in digits; the next line of a card is no unit of it.
  if (isContact(previous) || isContact(next)) return false;
  if (endsInFigure(previous.text) && UNIT_START.test(next.text)) return true;
  return (
    BEFORE_FIGURE_END.test(previous.text.slice(-BEFORE_FIGURE_REACH)) &&
    FIGURE_START.test(next.text) &&
    !LIST_ITEM.test(next.text)
  );
}

function breaksSentence(previous: Kept, next: Kept): boolean {
  if (isStructural(previous) || isStructural(next)) return false;
  const end = lastCharacter(previous.text);
  if (SENTENCE_END.test(end) || end.endsWith('-')) return false;
  const { text } = next;
  if (/^\p{Ll}/u.test(text)) return /[\p{L}\p{N},)]$/u.test(end) && isLatinProse(previous.text);
  if (!HAN_LETTER.test(text[0] ?? '')) return false;
  if (/[，、]$/u.test(end)) return true;
  return HAN_LETTER.test(previous.text.at(-1) ?? '') && isChineseProse(previous.text);
}

/** `text` with lines broken inside a sentence or a figure joined (see above). */
export function joinWrappedLines(text: string): string {
  const lines = text.split('\n');
  const out: Kept[] = [];
  /** Blank lines met since the last line kept. */
  let blanks = 0;
  for (const raw of lines) {
    const trimmed = raw.trim();
    if (!trimmed) {
      blanks++;
      continue;
    }
    const line = kept(trimmed);
    const previous = out.at(-1);
    const joins =
      previous !== undefined &&
      ((blanks <= 1 && breaksFact(previous, line)) ||
        (blanks === 0 && breaksSentence(previous, line)));
    if (joins) {
      out[out.length - 1] = joined(previous, joiner(previous.text, trimmed), line);
    } else {
      if (previous !== undefined && blanks > 0) out.push(kept(''));
      out.push(line);
    }
    blanks = 0;
  }
  return out.map((line) => line.text).join('\n');
}
