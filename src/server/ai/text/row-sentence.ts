import { readsAsChinese } from './reader-script.ts';
import { isNameColumn } from '#server/vocabulary/table-columns.ts';

/*
 * A table row as the reader indexed it ("QB70 · 品名: 旋涡泵 · 单价（美元）: 46 · 起订量: 100台")
 * stated as one sentence with its headers ("QB70 旋涡泵：单价 46 美元，起订量 100台"): the row's
 * key and its name columns are the subject, every other cell is its header and value, a unit
 * or currency in a header's brackets follows the value. A sheet name written before the key
 * ends the sentence in brackets.
 */

const SEPARATOR = ' · ';
const LABELLED = /^([^:：]{1,80})[:：]\s*(\S.*)$/u;
/** "单价（美元）", "Flow (L/min)": a header with its unit in brackets. */
const HEADER_UNIT = /^(.*?)\s*[(（]\s*([^()（）]{1,12})\s*[)）]\s*$/u;

interface Cell {
  label: string | null;
  value: string;
}

function cellOf(text: string): Cell {
  const match = LABELLED.exec(text.trim());
  return match
    ? { label: match[1]!.trim(), value: match[2]!.trim() }
    : { label: null, value: text.trim() };
}

function field(label: string, value: string): string {
  const unit = HEADER_UNIT.exec(label);
  return unit && unit[1] ? `${unit[1]} ${value} ${unit[2]}` : `${label} ${value}`;
}

/** The row as a sentence, or the text as it is when it is not a row of labelled cells. */
export function rowSentence(text: string): string {
  if (!text.includes(SEPARATOR)) return text;
  const cells = text.split(SEPARATOR).map(cellOf);
  if (cells.length < 2 || !cells.some((cell) => cell.label !== null)) return text;
  const firstLabelled = cells.findIndex((cell) => cell.label !== null);
  const bare = cells.slice(0, firstLabelled).map((cell) => cell.value);
  // Two names before the first header: a sheet's name, then the row's key.
  const sheet = bare.length >= 2 ? bare[0]! : null;
  const subject = sheet ? bare.slice(1) : bare;
  const fields: string[] = [];
  for (const cell of cells.slice(firstLabelled)) {
    if (cell.label === null) subject.push(cell.value);
    else if (isNameColumn(cell.label) && fields.length === 0) subject.push(cell.value);
    else fields.push(field(cell.label, cell.value));
  }
  const chinese = readsAsChinese(text);
  // "；" rather than "，" in Chinese: a figure's thousands separator ("6,889,697.28，904") must not
  // run into the next field once folded.
  const body = fields.join(chinese ? '；' : ', ');
  const head = subject.join(' ');
  const sentence = head ? `${head}${chinese ? '：' : ' — '}${body}` : body;
  return sheet ? `${sentence} (${sheet})` : sentence;
}
