import { describe, expect, it } from 'vitest';
import { garbledReason, isGarbledText } from './garbage-text.ts';

const ENGLISH =
  'Dear customer, thank you for choosing the Aqualux booster pump. The pump carries a warranty ' +
  'of three years from the day of delivery. Our factory in Ningbo ships every order within ' +
  'thirty working days. Spare impellers and seals are kept in stock for ten years after sale. ' +
  'Please contact the export office for prices, samples and catalogues of every model.';
const FRENCH =
  "Àngel pidió a Änne un æbleskiver. Émile joue près de l'Èbre, tandis que Göran fête l'Être " +
  "suprême à l'Île-de-France. L'Opéra de Lyon était très jolie, malgré la pluie. Jérôme utilisa " +
  'le signe pour multiplier et comprendre la différence entre les deux rives du fleuve.';
const GERMAN =
  'Die Pumpe wird mit einer Garantie von drei Jahren geliefert. Ersatzteile wie Laufräder und ' +
  'Dichtungen halten wir zehn Jahre lang auf Lager. Bitte wenden Sie sich für Preise und Muster ' +
  'an unser Exportbüro in Ningbo, das Bestellungen innerhalb von dreißig Tagen versendet.';
const CHINESE =
  '恒泰陶瓷产品目录\n型号 HT-M6012 抛釉砖 600x1200 毫米，离岸价 宁波 每平方米 8.5 美元。\n' +
  'MPPT 控制器质保 3 年，逆变器 HT-INV5000 质保 5 年。最小起订量 MOQ 300 平方米。';
const SPEC_TABLE = Array.from(
  { length: 12 },
  (_, i) => `Model: QB${60 + i} · Flow (L/min): ${40 + i} · Head (m): ${25 + i} · Price: USD 29.5`,
).join('\n');
const CONTENTS = Array.from(
  { length: 15 },
  (_, i) => `${i + 1}. Chapter ${i + 1} ${'. '.repeat(40)} ${i * 3 + 1}`,
).join('\n');
const REPEATED = 'TEST TEST TEST TEST TEST TEST\n'.repeat(20);
const REDACTED =
  'Policy Number: XXXXXXXX\nInsurance Agent XXXXXXX\nNamed Insured XXXXXXX XXXXXXX\n'.repeat(6);
/** Word's Symbol-font bullets decode to private-use U+F0B7: a list is still text. */
const BULLETS = Array.from(
  { length: 8 },
  (_, i) => `\uF0B7 Feature ${i + 1}: quiet motor, stainless housing`,
).join('\n');
/** Two checkbox glyphs decoded as NUL on a page of a 10-K. */
const CHECKBOXES = `${ENGLISH}\nYes x No \u0000\nLarge accelerated filer x Accelerated filer \u0000`;

const shift = (text: string) =>
  text.replace(/[a-yA-Y]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 1));

describe('garbledReason', () => {
  it.each([
    ['English prose', ENGLISH],
    ['French prose with accents', FRENCH],
    ['German prose', GERMAN],
    ['Chinese with model codes', CHINESE],
    ['a table of specifications', SPEC_TABLE],
    ['a table of contents with dot leaders', CONTENTS],
    ['one word repeated', REPEATED],
    ['a redacted form', REDACTED],
    ['a list with Symbol-font bullets', BULLETS],
    ['prose with two checkboxes decoded as NUL', CHECKBOXES],
  ])('%s is text', (_label, text) => {
    expect(garbledReason(text)).toBeNull();
  });

  it('letters shifted to nonsense are no language', () => {
    expect(garbledReason(shift(ENGLISH))).toBe('no-language');
    expect(garbledReason(shift(FRENCH))).toBe('no-language');
  });

  it('spaces decoded as a control character are garbage', () => {
    expect(garbledReason(shift(FRENCH).replace(/ /g, '\u0001'))).toBe('control-characters');
  });

  it('glyph numbers read as code points are garbage', () => {
    // A subset font numbered in order of use: codes 1, 2, 3... are controls and punctuation.
    const order = new Map<string, string>();
    const numbered = [...ENGLISH]
      .map((char) => {
        if (!order.has(char)) order.set(char, String.fromCharCode(order.size + 3));
        return order.get(char)!;
      })
      .join('');
    expect(isGarbledText(numbered)).toBe(true);
    // A full CJK font's glyph numbers land anywhere in the BMP: Armenian, Hebrew, Thai...
    const scattered = 'ԱԲԳ אבג กขค ሀሁሂ ᎠᎡᎢ 㐀㐁㐂 '.repeat(10);
    expect(garbledReason(scattered)).toBe('scattered-scripts');
  });

  it('dingbats from a Type 3 font named a1, a2... are garbage', () => {
    const dingbats = ENGLISH.replace(/\S/g, (char) =>
      String.fromCharCode(0x2701 + (char.charCodeAt(0) % 150)),
    );
    expect(garbledReason(dingbats)).toBe('unmapped-characters');
  });

  it('words mixing Latin, Greek and Cyrillic are garbage', () => {
    const mixed = 'Aβд Гxλ ЖqΣ pΩи ЯaΦ Lжπ '.repeat(6);
    expect(garbledReason(mixed)).toBe('mixed-alphabets');
  });

  it('too little text to judge is left alone', () => {
    expect(garbledReason(shift('The pump carries a warranty.'))).toBeNull();
    expect(garbledReason('\u0001\u0002 Yes')).toBeNull();
  });
});
