/*
 * The patterns the document reader (ingest/intelligence.ts) extracts facts with: a company's
 * name and legal form, what it says it makes, its address, contact person and certification
 * marks, FAQ questions and answers. Written out in both scripts, as the reader matches the text
 * as printed. Bounded quantifiers everywhere: an unbounded run was tried from every position of a
 * long line (see the notes at each).
 */

// "\s*(?:\d+\s*)?" rather than "\s*\d*\s*": the two \s* could share a run of spaces in every
// way, quadratic on a line of an "a" and a long run of spaces (30,000: 1.7 s).
export const QUESTION_START = /^(?:q|question|问|問)\s*(?:\d+\s*)?[:：.]\s*(.+)$/iu;

export const ANSWER_START = /^(?:a|answer|答)\s*(?:\d+\s*)?[:：.]\s*(.+)$/iu;

/*
 * Words of a name (here and in SERIES) have at most 40 more characters: unbounded, a match was
 * tried from every capital of a run like "A.A.A." or "A-A-A-" and read the run to its end each
 * time (30,000 characters: 1.5 s).
 */
export const ENGLISH_COMPANY =
  /\b((?:[A-Z][A-Za-z&'.-]{0,40}\s+){1,6}(?:Co\.,?\s*Ltd\.?|CO\.,?\s*LTD\.?|Company Limited|COMPANY LIMITED|Limited|LIMITED|Ltd\.?|LTD\.?|Inc\.?|INC\.?|LLC|GmbH|Corporation|Corp\.|PLC|S\.A\.|B\.V\.|Pty Ltd))/g;

export const CHINESE_COMPANY =
  /([\p{Script=Han}（）()]{2,18}?(?:股份有限公司|有限责任公司|有限責任公司|有限公司|集团|集團))/gu;

export const CHINESE_LEADING_NOISE =
  /^(?:本公司|我们是|我們是|关于|關於|欢迎|歡迎|联系|聯繫|位于|位於)/u;

export const COMPANY_REFERENCE = /^(?:公司|本公司|我们|我們|we\b|our company|the company)/iu;

export const SERIES = /\b((?:[A-Z][\w-]{0,40}\s+){1,3}(?:Series|Collection|Range|Line))\b/g;

export const NEW_PRODUCT =
  /\b(?:New(?: in \d{4})?|Introducing|Launch(?:ing)?)\s*[:：]\s*([^.\n]{3,60})/gi;

export const ENGLISH_PRODUCES =
  /\b(?:produces|manufactures|makes|supplies|specializ\w* in|specialis\w* in|offers?)\s+([^.;\n]{5,80}?)(?=\s+(?:in|at|for|since|from|to)\b|[.;,\n]|$)/gi;

// "\s*(?:include\s*)?" for the reason given at QUESTION_START.
export const OFFERING_LIST =
  /(?:\bour (?:main )?(?:services|products|solutions|range)|主要产品|主要產品|主营业务|主營業務|服务项目|服務項目|产品范围|產品範圍)\s*(?:include\s*)?[:：]\s*(.+)$/iu;

export const CHINESE_PRODUCES =
  /(?:专业生产|專業生產|主要生产|主要生產|主营|主營|主要产品[为為:：]?|生产)([^。；;，,\n]{2,40})/gu;

export const ADDRESS_LABEL = /(?:address|add\.|地址)\s*[:：]\s*([^\n]{6,120})/gi;

export const CHINESE_LOCATION =
  /(?:位于|位於|地处|地處)([\p{Script=Han}\d]{4,30}(?:镇|鎮|区|區|市|县|縣|号|號))/gu;

export const CONTACT_PERSON =
  /(?:联系人|聯繫人|聯絡人|contact person|contact)\s*[:：]\s*([^\n，,;；。]{2,30})(?:[，,]\s*([^\n，,;；。:：]{2,20}))?/giu;

export const CERTIFICATION =
  /\b(?:ISO\s?\d{4,5}(?:[:-]\d{4})?|CE|UL|FCC|RoHS|REACH|FDA|GMP|HACCP|BRC|BSCI|SGS|TÜV|TUV|GS|CB|ETL|SASO|BIS|KC|PSE|Halal|Kosher|FSC|GOTS|OEKO-TEX|IATF\s?16949|GB\/T\s?\d+)\b|3C|中国环境标志|绿色建材|綠色建材/gu;

/*
 * A company named in a buyer's question ("… of Arena Group Holdings, Inc.", "CROSS TIMBERS
 * ROYALTY TRUST"): a run of capitalised words ending in a legal form. The documents are that
 * company's, so its name says whose figures are asked for, not where they are printed.
 */
export const COMPANY_IN_QUESTION =
  /(?:[A-Z0-9][\w&'.-]{0,40},?\s+){0,6}(?:Inc|INC|Corp|CORP|Corporation|CORPORATION|Co|CO|Company|COMPANY|Ltd|LTD|Limited|LIMITED|LLC|LP|PLC|Trust|TRUST|Partnership|PARTNERSHIP|Holdings|HOLDINGS|Group|GROUP|GmbH|AG|SA)\b\.?/gu;
