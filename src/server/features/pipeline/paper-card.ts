import type { TPaperCardFields } from '#shared/schemas/pipeline.ts';

/*
 * Reads the fields of a paper business card from its OCR text (English and Chinese, either
 * script). OCR text is noisy: labels ("Tel:", "手机："), stray spaces between Chinese
 * characters and around "@" are expected. Each field is the best guess; the owner confirms.
 */

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u;
const WEBSITE =
  /(?:https?:\/\/)?(?:www\.)?[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|net|org|cn|hk|tw|io|co|biz|info|de|uk|us|asia|shop|store|tech|group|ltd)(?:\.[a-z]{2})?(?:\/[^\s]*)?/i;
const PHONE_LABEL =
  /(?:tel|phone|mobile|mob|cell|whatsapp|电话|電話|手机|手機|座机|座機|联系电话|聯繫電話|[mtp])\s*[.:：]?\s*/iu;
const PHONE = /\+?\(?\d[\d\s().-]{6,}\d/;
const MOBILE_LABEL = /mobile|mob|cell|手机|手機|whatsapp|^m\b/iu;
const FAX_LABEL = /fax|传真|傳真/iu;
const COMPANY =
  /\b(?:co\.?,?\s*ltd|ltd\.?|limited|inc\.?|llc|gmbh|corp\.?|corporation|company|group|industr(?:y|ies|ial)|trading|manufactur\w*|factory|technolog(?:y|ies)|enterprises?|s\.?a\.?|b\.?v\.?)\b|有限公司|公司|集团|集團|工厂|工廠|厂$|廠$|实业|實業|科技/iu;
const TITLE =
  /\b(?:manager|director|sales|ceo|cto|cfo|coo|president|vice|vp|engineer|founder|owner|purchas\w*|buyer|head|officer|representative|executive|consultant|partner|chairman|supervisor|specialist|assistant|coordinator)\b|经理|經理|总监|總監|董事长|董事長|总裁|總裁|主管|工程师|工程師|销售|銷售|业务|業務|采购|採購|代表|主任|助理|顾问|顧問|总经理|總經理|厂长|廠長/iu;
const ADDRESS =
  /\b(?:road|rd\.?|street|st\.?|avenue|ave\.?|district|building|floor|room|suite|zone|province|city|no\.)\b|路|街|号|號|区|區|省|市|楼|樓|室|大厦|大廈/iu;
const LABEL_PREFIX =
  /^(?:name|姓名|company|公司名称|公司名稱|title|职位|職位|职务|職務|email|e-mail|邮箱|郵箱|web(?:site)?|网址|網址|网站|網站)\s*[:：]\s*/iu;
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

function stripLabel(line: string): string {
  return line.replace(LABEL_PREFIX, '').trim();
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

function isNameLike(line: string): boolean {
  if (/\d|@/.test(line) || COMPANY.test(line) || TITLE.test(line) || ADDRESS.test(line))
    return false;
  if (HAN.test(line)) return /^\p{Script=Han}{2,4}$/u.test(line);
  return /^[A-Z][a-zA-Z'’.-]+(?:\s+[A-Z][a-zA-Z'’.-]+){1,2}$/.test(line) && line.length <= 40;
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
  const website =
    lines
      .filter((l) => !EMAIL.test(l) || /www\.|https?:/i.test(l))
      .map((l) => WEBSITE.exec(l.replace(EMAIL, ''))?.[0])
      .find(Boolean) ?? '';
  const phone = findPhone(lines);

  const content = lines
    .map(stripLabel)
    .filter(
      (l) =>
        l.length > 0 &&
        !EMAIL.test(l) &&
        !(website && l.includes(website)) &&
        l.replace(/\D/g, '').length < 7,
    );

  const company = content.find((l) => COMPANY.test(l) && !TITLE.test(l)) ?? '';
  const jobTitle =
    content.find((l) => l !== company && TITLE.test(l) && !/\d{4,}|@/.test(l) && l.length <= 60) ??
    '';
  let name = content.find((l) => isNameLike(l)) ?? '';
  // "张伟 销售经理" on one line: the name before the title.
  if (!name && jobTitle) {
    const before = jobTitle.split(/\s+/)[0] ?? '';
    if (/^\p{Script=Han}{2,4}$/u.test(before) && !TITLE.test(before)) name = before;
  }
  return {
    name,
    company,
    email,
    phone,
    jobTitle: name && jobTitle.startsWith(`${name} `) ? jobTitle.slice(name.length + 1) : jobTitle,
    website,
  };
}
