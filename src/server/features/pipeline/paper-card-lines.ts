/*
 * What one line of a business card is: a company (by its legal form), a job title, an address,
 * a web address. English, Chinese (Simplified and Traditional) and the Latin-script layouts of
 * European cards (S.L., GmbH, Calle, Straße). Used by paper-card.ts, which assigns the lines to
 * fields.
 */

/** Legal forms at a company name's end: "Co., Ltd.", "S.L.", "GmbH", "Inc.", "Pty Ltd". */
const LEGAL_FORM =
  /(?:^|[\s,(])(?:co\.?,?\s*ltd|company\s+limited|limited|ltd|inc|incorporated|l\.?l\.?c|l\.?l\.?p|gmbh(?:\s*&\s*co\.?\s*kg)?|s\.\s?l\.?(?:\s?u\.)?|s\.\s?a\.(?:\s?s\.)?|s\.?a\.?r\.?l|s\.?r\.?l|s\.?p\.?a|s\.?a\.?\s?de\s?c\.?v|b\.\s?v\.|n\.\s?v\.|pty\.?\s+ltd|pte\.?\s+ltd|sdn\.?\s+bhd|plc|corp|corporation|k\.\s?k\.|a\/s|jsc|ooo)\.?\)?$/iu;
/** Short legal forms, only in capitals ("AG", "SL", "SA"): in lower case they are words. */
const LEGAL_FORM_CAPITALS = /\s(?:AG|KG|SE|SL|SA|SAS|BV|NV|AB|AS|OY|SRL|SPA)$/u;
/** Chinese and Japanese legal forms. */
const CJK_LEGAL_FORM = /有限公司|有限責任公司|有限责任公司|股份|株式会社|合伙企业|合夥企業|公司$/u;
/** Words companies name themselves with, without a legal form. */
export const COMPANY_KEYWORD =
  /\b(?:group|industr(?:y|ies|ial)|trading|manufactur\w*|factory|technolog(?:y|ies)|enterprises?|solutions|systems|international|holdings?|company|corporation)\b|集团|集團|工厂|工廠|厂$|廠$|实业|實業|科技|贸易|貿易|商行/iu;

/** 2 for a legal form (the company line), 0 for none. */
export function companySuffixStrength(line: string): number {
  const trimmed = line.replace(/[\s.,;:，。]+$/u, (tail) => (tail.includes('.') ? '.' : ''));
  if (LEGAL_FORM.test(trimmed) || LEGAL_FORM_CAPITALS.test(trimmed)) return 2;
  return CJK_LEGAL_FORM.test(line) ? 2 : 0;
}

const TITLE_WORDS =
  /\b(?:manager|director|sales|ceo|cto|cfo|coo|president|vice|vp|engineer|founder|owner|purchas\w*|buyer|head of|officer|representative|executive|consultant|partner|chairman|supervisor|specialist|assistant|coordinator|marketing|export|import|account|business development|procurement|gerente|director[a]?|jefe|jefa|responsable|comercial|ingenier[oa]|directeur|directrice|ingénieur|geschäftsführer(?:in)?|leiter(?:in)?|vertrieb|einkauf|inhaber(?:in)?|direttore|responsabile)\b/iu;
const CJK_TITLE_WORDS = [
  '经理',
  '經理',
  '总监',
  '總監',
  '董事长',
  '董事長',
  '总裁',
  '總裁',
  '主管',
  '工程师',
  '工程師',
  '销售',
  '銷售',
  '业务',
  '業務',
  '采购',
  '採購',
  '代表',
  '主任',
  '助理',
  '顾问',
  '顧問',
  '总经理',
  '總經理',
  '厂长',
  '廠長',
  '部长',
  '部長',
  '专员',
  '專員',
  '创始人',
  '創辦人',
  '合伙人',
  '合夥人',
];
/** What else a Chinese title may start with: "总经理", "副总裁", "高级工程师", "外贸业务员". */
const CJK_TITLE_PREFIXES = [
  '总',
  '總',
  '副',
  '高级',
  '高級',
  '首席',
  '区域',
  '區域',
  '市场',
  '市場',
  '外贸',
  '外貿',
  '国际',
  '國際',
  '技术',
  '技術',
];
const CJK_TITLE = new RegExp(CJK_TITLE_WORDS.join('|'), 'u');
const CJK_TITLE_START = new RegExp(
  `^(?:${[...CJK_TITLE_PREFIXES, ...CJK_TITLE_WORDS].join('|')})`,
  'u',
);

/** "陈大文总经理": a Chinese name (two to four characters) run together with the title after it. */
export function splitChineseNameAndTitle(line: string): { name: string; title: string } | null {
  const compact = line.replace(/\s+/gu, '');
  for (let length = 2; length <= 4 && length < compact.length; length++) {
    const name = compact.slice(0, length);
    const title = compact.slice(length);
    if (!/^\p{Script=Han}+$/u.test(name) || CJK_TITLE.test(name)) continue;
    if (CJK_TITLE_START.test(title) && CJK_TITLE.test(title) && title.length <= 10) {
      return { name, title };
    }
  }
  return null;
}

export function isTitleLike(line: string): boolean {
  return TITLE_WORDS.test(line) || CJK_TITLE.test(line);
}

/** Street, building and district words, English and the European languages on cards. */
const STREET =
  /\b(?:road|rd\.|street|st\.|avenue|ave\.|boulevard|blvd\.?|lane|drive|highway|floor|fl\.|suite|ste\.|building|bldg\.?|room|rm\.|district|industrial\s+(?:park|zone|estate)|province|p\.?\s?o\.?\s+box|no\.\s*\d|calle|c\/|avda\.?|avenida|plaza|paseo|pol[ií]gono|carrer|rua|via|viale|piazza|rue|chemin|allée)\b|\p{L}*(?:straße|strasse|str\.|platz|gasse|allee)(?=\s*\d)/iu;
/** "46004 Valencia", "70565 Stuttgart", "CA 94103", "SW1A 1AA". */
const POSTCODE =
  /(?:^|[\s,])\d{4,5}\s+\p{Lu}\p{Ll}+|\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b|\b[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2}\b/u;
const CJK_ADDRESS =
  /省|市|区|區|县|縣|镇|鎮|路|街|道|号|號|楼|樓|室|大厦|大廈|园区|園區|工业区|工業區|开发区|開發區/gu;
const COUNTRY =
  /^(?:spain|españa|china|germany|deutschland|france|italy|italia|portugal|netherlands|belgium|poland|austria|switzerland|sweden|denmark|norway|finland|united kingdom|uk|usa|u\.s\.a\.|united states|canada|mexico|méxico|brazil|brasil|argentina|chile|japan|korea|india|vietnam|thailand|singapore|malaysia|indonesia|philippines|turkey|türkiye|uae|saudi arabia|australia|new zealand|south africa|hong kong|taiwan|中国|中國|香港|台灣|台湾)\.?$/iu;

/** A line, or its last part, that says where: a postcode with a city, a country. */
export const ADDRESS_CONTINUATION = {
  test(line: string): boolean {
    const last = line.split(',').at(-1)!.trim();
    return POSTCODE.test(line) || COUNTRY.test(last) || COUNTRY.test(line.trim());
  },
};

/** A line of phone or fax numbers ("Tel: ... Fax: ...", "T +34 ..."), never an address. */
const PHONE_LINE =
  /^(?:tel|phone|fax|mob(?:ile|il)?|cell|whatsapp|office|电话|電話|手机|手機|传真|傳真|[tmfp](?=\s*[:+\d(]))/iu;

/** A street address line (not a company name that happens to name its city). */
export function isAddressLike(line: string): boolean {
  if (/@|www\.|https?:/iu.test(line) || PHONE_LINE.test(line)) return false;
  if (STREET.test(line) || POSTCODE.test(line)) return true;
  const cjkMarkers = line.match(CJK_ADDRESS)?.length ?? 0;
  return cjkMarkers >= 3 || (cjkMarkers >= 2 && /\d/.test(line));
}

/** Top-level domains a bare host ("acmefiltration.com") may end in. */
const TLD =
  'com|net|org|biz|info|io|co|ai|app|dev|tech|shop|store|asia|eu|cn|hk|tw|mo|jp|kr|sg|my|th|vn|id|ph|in|ae|sa|tr|ru|ua|pl|cz|sk|hu|ro|bg|gr|it|es|pt|fr|be|nl|lu|de|at|ch|dk|se|no|fi|ie|uk|us|ca|mx|br|ar|cl|co|pe|au|nz|za';
/** A web address: "www." or "http(s)://" with any domain, or a bare host with a known domain. */
export const WEBSITE = new RegExp(
  String.raw`(?:https?:\/\/|www\.)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+(?:\/[^\s]*)?|\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:${TLD})(?:\.[a-z]{2})?\b(?:\/[^\s]*)?`,
  'iu',
);

/** Mail providers: their domain says nothing about the company. */
const MAIL_PROVIDERS =
  /^(?:gmail|googlemail|outlook|hotmail|live|msn|yahoo|icloud|me|aol|proton|protonmail|yandex|mail|gmx|web|qq|foxmail|163|126|yeah|sina|sohu|aliyun|139)$/iu;

/** Letters and digits only, lower case: "Iberia Water S.L." → "iberiawatersl". */
export function looseKey(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** The name part of a company's domain ("iberiawater" of www.iberiawater.es), if it has one. */
export function domainStem(host: string): string | null {
  const labels = host
    .replace(/^https?:\/\//iu, '')
    .replace(/\/.*$/u, '')
    .replace(/^www\./iu, '')
    .toLowerCase()
    .split('.');
  if (labels.length < 2) return null;
  // "twprecision.com.tw": the label before a second-level "com", "co", "org"...
  const stemIndex =
    labels.length >= 3 && /^(?:com|co|org|net|gov|edu|ac)$/u.test(labels.at(-2)!)
      ? labels.length - 3
      : labels.length - 2;
  const stem = looseKey(labels[stemIndex] ?? '');
  if (stem.length < 4 || MAIL_PROVIDERS.test(stem)) return null;
  return stem;
}
