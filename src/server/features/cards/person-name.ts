/*
 * A contact name split into family and given name for the vCard's N property. Chinese names
 * put the family name first: one character, or one of the two-character surnames; written in
 * pinyin too ("Wang Xiaomei", "Ouyang Mingyuan"): a common surname followed by a given name
 * made of pinyin syllables. Other names in Latin script ("Anna Schmidt") are taken as given
 * names followed by the family name. The card's family and given name fields, when filled,
 * say it without guessing (vcard.ts).
 */

/** Two-character (compound) Chinese surnames, in simplified and traditional writing. */
const COMPOUND_SURNAMES = new Set([
  '欧阳',
  '歐陽',
  '司马',
  '司馬',
  '诸葛',
  '諸葛',
  '上官',
  '东方',
  '東方',
  '皇甫',
  '令狐',
  '慕容',
  '司徒',
  '夏侯',
  '公孙',
  '公孫',
  '尉迟',
  '尉遲',
  '长孙',
  '長孫',
  '宇文',
  '端木',
  '西门',
  '西門',
  '独孤',
  '獨孤',
  '南宫',
  '南宮',
  '轩辕',
  '軒轅',
  '申屠',
  '闻人',
  '聞人',
  '呼延',
  '澹台',
]);

const HAN = /^\p{Script=Han}+$/u;

/** Common Chinese surnames in pinyin (without tones), compound ones written as one word. */
const PINYIN_SURNAMES = new Set(
  (
    'wang li zhang liu chen yang huang zhao wu zhou xu sun ma zhu hu guo he gao lin luo zheng ' +
    'liang xie song tang han feng deng cao peng zeng xiao tian dong yuan pan cai jiang yu du ye ' +
    'cheng wei su lu ding ren shen yao jin cui zhong tan fan wan qiu qin gu hou shao meng long ' +
    'duan lei qian tang yin yi chang kong kang mao qiu bai xue yan jia xia fu fang shi dai zou ' +
    'ouyang sima zhuge shangguan dongfang huangfu linghu murong situ xiahou gongsun yuwen'
  ).split(' '),
);

/** One or more pinyin syllables without tones ("xiaomei", "jiaxin", "ming-yuan"). */
const PINYIN_WORD =
  /^(?:(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?(?:iang|iong|uang|ang|eng|ing|ong|ian|iao|uai|uan|ai|ei|ao|ou|an|en|er|in|un|ia|ie|iu|ua|uo|ui|ue|a|o|e|i|u|v)(?![aeiouv]))+$/;

/** "Wang Xiaomei": a pinyin surname, then one given name in pinyin. */
function isPinyinName(words: readonly string[]): boolean {
  if (words.length !== 2) return false;
  const [family, given] = words.map((word) => word.toLowerCase().replace(/['’-]/g, ''));
  return PINYIN_SURNAMES.has(family!) && PINYIN_WORD.test(given!);
}

export interface PersonName {
  family: string;
  given: string;
}

export function personName(fullName: string): PersonName {
  const name = fullName.trim().replace(/\s+/g, ' ');
  const compact = name.replace(/[\s·•・]/g, '');
  if (HAN.test(compact)) {
    const chars = [...compact];
    if (chars.length <= 1) return { family: compact, given: '' };
    const two = chars.slice(0, 2).join('');
    const familyLength = chars.length > 2 && COMPOUND_SURNAMES.has(two) ? 2 : 1;
    return {
      family: chars.slice(0, familyLength).join(''),
      given: chars.slice(familyLength).join(''),
    };
  }
  const words = name.split(' ');
  if (words.length === 1) return { family: name, given: '' };
  if (isPinyinName(words)) return { family: words[0]!, given: words[1]! };
  return { family: words.at(-1)!, given: words.slice(0, -1).join(' ') };
}
