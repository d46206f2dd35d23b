/*
 * A contact name split into family and given name for the vCard's N property. Chinese names
 * put the family name first: one character, or one of the two-character surnames. Names in
 * Latin script ("Li Jiaxin", "Anna Schmidt") are taken as given names followed by the family name.
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
  return { family: words.at(-1)!, given: words.slice(0, -1).join(' ') };
}
