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
const CONTACT =
  /@|^(?:https?:\/\/|www\.)|^(?:tel|phone|mobile|fax|e-?mail|web|电话|電話|手机|手機|传真|傳真|邮箱|郵箱|网址|網址)\b/iu;
/** A table row as the readers write it: "Header: value · Header: value", or pipe cells. */
const TABLE_ROW = /\s·\s|\||\t/u;
const SENTENCE_END = /[.!?。！？:：;；]$/u;

function isStructural(line: string): boolean {
  return LIST_ITEM.test(line) || TABLE_ROW.test(line) || CONTACT.test(line);
}

/** A line of Latin prose: four words or more, not the short line of a card or a heading. */
function isLatinProse(line: string): boolean {
  return line.split(/\s+/).length >= 4 && /\p{Ll}/u.test(line);
}

/** A line of Chinese prose long enough to have been wrapped at the margin. */
function isChineseProse(line: string): boolean {
  return [...line].length >= 15 && /[，、。；]/u.test(line.slice(0, -1));
}

function joiner(previous: string, next: string): string {
  if (NO_LINE_START.test(next)) return '';
  return HAN.test(previous.at(-1) ?? '') && HAN.test(next[0] ?? '') ? '' : ' ';
}

/** Whether a line break between `previous` and `next` sits inside a sentence or a figure. */
function breaksFact(previous: string, next: string): boolean {
  if (TABLE_ROW.test(previous) || TABLE_ROW.test(next)) return false;
  if (NO_LINE_START.test(next)) return true;
  // A phone number ends in digits; the next line of a card is no unit of it.
  if (CONTACT.test(previous) || CONTACT.test(next)) return false;
  if (FIGURE_END.test(previous) && UNIT_START.test(next)) return true;
  return BEFORE_FIGURE_END.test(previous) && FIGURE_START.test(next) && !LIST_ITEM.test(next);
}

function breaksSentence(previous: string, next: string): boolean {
  if (isStructural(previous) || isStructural(next) || SENTENCE_END.test(previous)) return false;
  if (previous.endsWith('-')) return false;
  if (/^\p{Ll}/u.test(next)) return isLatinProse(previous) && /[\p{L}\p{N},)]$/u.test(previous);
  if (!HAN_LETTER.test(next[0] ?? '')) return false;
  if (/[，、]$/u.test(previous)) return true;
  return HAN_LETTER.test(previous.at(-1) ?? '') && isChineseProse(previous);
}

/** `text` with lines broken inside a sentence or a figure joined (see above). */
export function joinWrappedLines(text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  /** Blank lines met since the last line kept. */
  let blanks = 0;
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) {
      blanks++;
      continue;
    }
    const previous = out.at(-1);
    const joins =
      previous !== undefined &&
      ((blanks <= 1 && breaksFact(previous, line)) ||
        (blanks === 0 && breaksSentence(previous, line)));
    if (joins) {
      out[out.length - 1] = previous + joiner(previous, line) + line;
    } else {
      if (previous !== undefined && blanks > 0) out.push('');
      out.push(line);
    }
    blanks = 0;
  }
  return out.join('\n');
}
