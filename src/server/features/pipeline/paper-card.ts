import type { TPaperCardFields } from '#shared/schemas/pipeline.ts';
import {
  ADDRESS_CONTINUATION,
  COMPANY_KEYWORD,
  companySuffixStrength,
  domainStem,
  isAddressLike,
  isTitleLike,
  looseKey,
  splitChineseNameAndTitle,
  WEBSITE,
} from './paper-card-lines.ts';

/*
 * Reads the fields of a paper business card from its OCR text (English and Chinese, either
 * script, and the Latin-script layouts of European cards). OCR text is noisy: labels ("Tel:",
 * "手机：", a lone "T" or "W"), stray spaces between Chinese characters and around "@" are
 * expected. Each field is the best guess; the owner confirms. What a line is (company, title,
 * address, website) is decided in paper-card-lines.ts; here the lines are assigned to fields.
 */

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u;
const PHONE_LABEL =
  /(?:tel|phone|mobile|mob|cell|whatsapp|电话|電話|手机|手機|座机|座機|联系电话|聯繫電話|[mtp])\s*[.:：]?\s*/iu;
const PHONE = /\+?\(?\d[\d\s().-]{6,}\d/;
const MOBILE_LABEL = /mobile|mob|cell|手机|手機|whatsapp|^m\b/iu;
const FAX_LABEL = /fax|传真|傳真|^f\b/iu;
/** "Address:", "地址：", "Title:"... and the lone letters European cards print before a value. */
const LABEL =
  /^(?:name|姓名|company|公司名称|公司名稱|公司|title|position|职位|職位|职务|職務|email|e-mail|邮箱|郵箱|web(?:site)?|url|网址|網址|网站|網站|add(?:ress|r)?\.?|地址)\s*[:：]\s*/iu;
const ADDRESS_LABEL = /^(?:add(?:ress|r)?\.?|地址)\s*[:：]/iu;
const LONE_LETTER_LABEL = /^[AEMTWFP]\s*[:.]?\s+(?=\S)/u;
const HAN = /\p{Script=Han}/u;

function clean(line: string): string {
  return line
    .replace(/\s*@\s*/g, '@')
    .replace(/[|•·]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "张 伟" → "张伟": OCR spaces between single Chinese characters (not between words). */
function joinHan(text: string): string {
  return /^\p{Script=Han}(?:\s+\p{Script=Han})+$/u.test(text) ? text.replace(/\s+/g, '') : text;
}

/** OCR's stray comma or colon at a field's end ("S.L，"); a full stop stays ("Co., Ltd."). */
function trimPunctuation(value: string): string {
  return value.replace(/[\s,;:，；：、]+$/u, '');
}

function stripLabel(line: string): string {
  return line.replace(LABEL, '').trim();
}

function findPhone(lines: readonly string[]): string {
  let fallback = '';
  for (const line of lines) {
    if (FAX_LABEL.test(line) && !MOBILE_LABEL.test(line)) continue;
    if (EMAIL.test(line)) continue;
    const match = PHONE.exec(line.replace(PHONE_LABEL, ' '));
    if (!match) continue;
    const phone = match[0].replace(/\s+/g, ' ').trim();
    if (phone.replace(/\D/g, '').length < 7) continue;
    if (MOBILE_LABEL.test(line)) return phone;
    fallback ||= phone;
  }
  return fallback;
}

function findWebsite(lines: readonly string[]): string {
  for (const line of lines) {
    const match = WEBSITE.exec(line.replace(new RegExp(EMAIL.source, 'gu'), ' '));
    if (match) return match[0].replace(/[.,;，。]+$/u, '');
  }
  return '';
}

const NAME_PREFIX = /^(?:dr|mr|mrs|ms|prof|ing|sr|sra|dipl\.-ing)\.?\s+/iu;
const NAME_WORD = /^(?:\p{Lu}[\p{L}'’-]*\.?|\p{Lu}\.)$/u;

function isNameLike(line: string): boolean {
  if (/\d|@/.test(line) || companySuffixStrength(line) > 0 || COMPANY_KEYWORD.test(line))
    return false;
  if (isTitleLike(line) || isAddressLike(line)) return false;
  if (HAN.test(line)) return /^\p{Script=Han}{2,4}$/u.test(line);
  const words = line.replace(NAME_PREFIX, '').split(' ');
  return (
    words.length >= 2 &&
    words.length <= 4 &&
    line.length <= 40 &&
    words.every((word) => NAME_WORD.test(word))
  );
}

/** The address: its labelled or address-like line, with the postcode or country line after it. */
function findAddress(lines: readonly string[], taken: ReadonlySet<string>): string {
  const index = lines.findIndex(
    (line) => !taken.has(stripLabel(line)) && (ADDRESS_LABEL.test(line) || isAddressLike(line)),
  );
  if (index < 0) return '';
  const parts = [stripLabel(lines[index]!.replace(LONE_LETTER_LABEL, ''))];
  for (let next = index + 1; next < lines.length && parts.length < 3; next++) {
    const line = lines[next]!;
    if (taken.has(stripLabel(line)) || EMAIL.test(line) || WEBSITE.test(line) || PHONE.test(line))
      break;
    if (!isAddressLike(line) && !ADDRESS_CONTINUATION.test(line)) break;
    parts.push(line);
  }
  return parts.join(', ');
}

export function parsePaperCard(text: string): TPaperCardFields {
  const lines = text
    .split(/\r?\n/)
    .map((line) => joinHan(clean(line)))
    .filter((line) => line.length > 0);

  const email =
    lines
      .map((l) => EMAIL.exec(l)?.[0])
      .find(Boolean)
      ?.toLowerCase() ?? '';
  const website = findWebsite(lines);
  const phone = findPhone(lines);
  const stem = domainStem(website) ?? domainStem(email.split('@')[1] ?? '');

  // Lines that can hold a name, a company, a title or an address: no contact data.
  const content = lines.filter(
    (l) => !EMAIL.test(l) && !(website && l.includes(website)) && l.replace(/\D/g, '').length < 7,
  );

  const company = pickCompany(content.map(stripLabel), stem);
  const taken = new Set([company]);
  const jobTitleLine =
    content
      .map(stripLabel)
      .find(
        (l) =>
          !taken.has(l) &&
          isTitleLike(l) &&
          !isAddressLike(l) &&
          !/\d{4,}|@/.test(l) &&
          l.length <= 60,
      ) ?? '';
  taken.add(jobTitleLine);
  const address = findAddress(lines, taken);

  const brand = (line: string) => stem !== null && looseKey(line).includes(stem);
  let name = content.map(stripLabel).find((l) => !taken.has(l) && !brand(l) && isNameLike(l)) ?? '';
  let jobTitle = jobTitleLine;
  // "张伟 销售经理", "陈大文总经理", "John Smith, Sales Manager": the name before the title.
  const together = name ? null : splitNameAndTitle(jobTitleLine);
  if (together) ({ name, title: jobTitle } = together);
  return {
    name,
    company: trimPunctuation(company),
    email,
    phone,
    jobTitle: trimPunctuation(jobTitle),
    website,
    address: trimPunctuation(address),
  };
}

function splitNameAndTitle(line: string): { name: string; title: string } | null {
  if (HAN.test(line)) return splitChineseNameAndTitle(line);
  const [head = '', ...rest] = line.split(/\s*[,|–—]\s+|\s+-\s+/u);
  const title = rest.join(', ');
  return rest.length > 0 && isNameLike(head) && isTitleLike(title) ? { name: head, title } : null;
}

/**
 * The company: the line with a legal form ("S.L.", "GmbH", "有限公司") first, else one that
 * names the website's or the e-mail's domain ("Iberia Water" for iberiawater.es), else one with
 * a word companies use ("Trading", "Industries", "科技").
 */
function pickCompany(lines: readonly string[], stem: string | null): string {
  let best = '';
  let bestScore = 0;
  for (const line of lines) {
    if (isAddressLike(line) && companySuffixStrength(line) === 0) continue;
    if (isTitleLike(line) && companySuffixStrength(line) === 0) continue;
    let score = companySuffixStrength(line) * 3;
    if (COMPANY_KEYWORD.test(line)) score += 1;
    if (stem && looseKey(line).includes(stem)) score += 2;
    if (score > bestScore) {
      best = line;
      bestScore = score;
    }
  }
  return best;
}
