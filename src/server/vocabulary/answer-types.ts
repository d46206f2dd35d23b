import { EMAIL_PATTERN } from '#server/ingest/email-pattern.ts';

/*
 * The kind of answer a question asks for (a figure, a date, a person, a code…) and whether a
 * unit of the documents contains that kind: a question pattern and a unit pattern per type.
 */

export type AnswerType =
  | 'command'
  | 'percent'
  | 'date'
  | 'email'
  | 'phone'
  | 'version'
  | 'code'
  | 'person'
  | 'company'
  | 'money'
  | 'quantity';

/** Question patterns of each answer type, most specific first. */
const ANSWER_TYPE_QUESTIONS: ReadonlyArray<[AnswerType, RegExp]> = [
  [
    'command',
    /\b(?:what|which) (?:command|syntax)\b|\bcommand (?:syntax|line)\b|什么命令|哪个命令|命令是/u,
  ],
  ['percent', /\b(?:what|which) (?:percentage|percent|share)\b|\bpercentage\b|百分比|比例|占比/u],
  [
    'date',
    /^when\b|\b(?:what|which) (?:date|day|year|month)\b|\bdate of\b|\bdated\b|何时|什么时候|哪一?年|哪一?天|日期/u,
  ],
  ['email', /\be-?mail\b|邮箱|电子邮件/u],
  [
    'phone',
    /\b(?:phone|telephone|hotline|fax) (?:number|no)\b|\bnumber to (?:call|dial)\b|\bdial\b|电话|热线/u,
  ],
  ['version', /\bversion\b|版本/u],
  [
    'code',
    /\b(?:model|part|order|serial|item|article) (?:number|no|code)\b|\b(?:which|what) (?:model|code)\b|\bcode\b|型号|编号|代码|货号/u,
  ],
  [
    'company',
    /^(?:who|whom|whose)\b(?=.*\b(?:firm|company|auditor|bank|organi[sz]ation|entity|supplier|manufacturer|agency|institution|distributor|provider)\b)/u,
  ],
  [
    'person',
    /^(?:who|whom|whose)\b|\bwho (?:is|was|are|were)\b|谁|控制人|法定代表人|董事长|联系人|负责人/u,
  ],
  ['company', /\b(?:which|what) (?:company|firm|entity|organi[sz]ation|bank|auditor)\b|哪家/u],
  // "How much did Amazon pay for Whole Foods?": a sum of money, not any figure (a date is one).
  [
    'money',
    /\bhow much (?:[a-z.,&'-]+ ){0,8}(?:pay|paid|spend|spent|invest|invested|raise|raised|borrow|borrowed)\b/u,
  ],
  [
    'quantity',
    /\bhow (?:many|much|long|thick|big|large|heavy|often|far|soon|old|high|wide|fast)\b|\b(?:number|amount|size|thickness|weight|price|capacity|quantity|total|value|revenue|income|cost|expense|sales|profit|loss|balance|dimensions?|maximum|minimum|duration|temperature|angle|rate|power|voltage|pressure|flow|speed|diameter|length|width|height|depth|volume|frequency|wattage)\b|多少|几|多长|多久|多大|多厚|多重|多高|多宽|数量|尺寸|厚度|重量|价格|产量|金额/u,
  ],
];

const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
/** What a unit of each answer type contains (over normalized text). */
const ANSWER_TYPE_UNITS: Readonly<Record<AnswerType, RegExp>> = {
  // A shell line: a prompt, sudo, or a program with options ("nvme format -s1 <device>").
  command: /(?:^|\s)[$#]\s*[a-z]|\bsudo\s+[a-z]|\b[a-z][\w.-]*\s+(?:[\w.-]+\s+)?--?[a-z][\w-]*/u,
  percent: /\d\s?%|\d\s?percent/u,
  date: new RegExp(
    String.raw`\b${MONTH}\.?\s+\d{1,2},?\s+\d{4}|\b\d{1,2}\s+${MONTH}\.?\s+\d{4}|\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{4}\s?年(?:\s?\d{1,2}\s?月)?|\b${MONTH}\.?\s+\d{4}\b|\b(?:19|20)\d{2}\b`,
    'u',
  ),
  email: new RegExp(EMAIL_PATTERN, 'u'),
  phone: /\+?\(?\d[\d\s()-]{6,}\d/u,
  version: /\d+\.\d+(?:\.\d+)+|\bv\d+(?:\.\d+)*\b|\d+\.\d+_\d+/u,
  code: /\b(?=[a-z0-9/-]*\d)(?=[a-z0-9/-]*[a-z])[a-z0-9]+(?:[-/][a-z0-9]+)*\b/u,
  person:
    /\b(?:mr|mrs|ms|dr)\b\.?|\b(?:chairman|chief executive|president|director|officer|founder|manager|ceo|cfo)\b|先生|女士|控制人|董事长|总经理|法定代表人|负责人/u,
  company: /\b(?:inc|ltd|llp|llc|plc|gmbh|corp|corporation|company|co)\b\.?|公司|集团|有限/u,
  money:
    /[$€£¥]\s?\d|\d\s?(?:million|billion|thousand)\b|\b(?:usd|rmb|cny|eur|hkd|us\$)\s?\d|\d\s?(?:usd|rmb|cny|eur|dollars|yuan)\b|\d\s?元/u,
  quantity: /\d|[一二三四五六七八九十百千万亿两]/u,
};

export function answerTypeOf(normalizedQuestion: string): AnswerType | null {
  for (const [type, pattern] of ANSWER_TYPE_QUESTIONS) {
    if (pattern.test(normalizedQuestion)) return type;
  }
  return null;
}

/** Whether a unit contains the kind of answer asked for. */
export function hasAnswerType(type: AnswerType, normalizedUnit: string): boolean {
  return ANSWER_TYPE_UNITS[type].test(normalizedUnit);
}
