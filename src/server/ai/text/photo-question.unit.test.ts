import { describe, expect, it } from 'vitest';
import {
  MAX_IDENTIFIERS,
  MAX_READABLE_CHARS,
  photoIdentifiers,
  photoQuestion,
  pointsAtPhoto,
  readablePhotoText,
} from './photo-question.ts';

/** A bilingual pump nameplate as OCR read it (misread units and all). */
const NAMEPLATE = [
  '深井潜水泵 DEEP WELL PUMP',
  '型号 MODEL 4SD8-26',
  '',
  '功率3 kW 电压 380V 频率 50Hz',
  '3kKW 380V50Hz Q8myhH175m',
  '出三编号 No. 20240315-0087 出厂日期 2024-03 台州华力泵业有限公司 Tel0576-86123456',
  '',
  '中国制造 MADE IN CHINA',
].join('\n');

describe('the identifiers on a photo', () => {
  it('keeps the model of a nameplate and drops its figures, dates and numbers', () => {
    expect(photoIdentifiers(NAMEPLATE)).toEqual(['4SD8-26']);
  });

  it('keeps codes, part numbers and standards', () => {
    expect(photoIdentifiers('Peripheral pump QB60')).toEqual(['QB60']);
    expect(photoIdentifiers('Porcelain tile HT-M8080 600x600mm')).toEqual(['HT-M8080']);
    expect(photoIdentifiers('Bearing 6205-2RS')).toEqual(['6205-2RS']);
    expect(photoIdentifiers('执行标准 GB/T 1234-2008')).toEqual(['GB/T 1234-2008']);
    expect(photoIdentifiers('Certified ISO 9001:2015')).toEqual(['ISO 9001:2015']);
    expect(photoIdentifiers('Ｐ／Ｎ： ＱＢ６０－２')).toEqual(['QB60-2']);
  });

  it('drops figures with units, ratings and dates', () => {
    const figures =
      '220V 50Hz 2.2kW 0.37kW 1450r/min 8m³/h 220-240V 50/60Hz 3PH 4P 10A 600x600 ' +
      'H175m P3kW IP68 IPX7 IE3 2024-03-15 15/03/2024 MAR2024 2024Mar 1st 100pcs';
    expect(photoIdentifiers(figures)).toEqual([]);
  });

  it('drops phone, serial and lot numbers, addresses, and OCR noise', () => {
    const numbers = [
      'Tel: 0576-86123456  Fax 0576-86123457  TEL0576-86123458',
      '+86 138 0000 1234',
      'S/N: XK2290   Lot AB123   出厂编号 A2403150087',
      'www.pump123.com  sales@abc88.cn  https://shop9.example/p/77',
      '3kKW Q8myhH175m a1b2c3d4e5 A2',
    ].join('\n');
    expect(photoIdentifiers(numbers)).toEqual([]);
  });

  it('takes a number as the model only where a model label says so', () => {
    expect(photoIdentifiers('Model: 2200')).toEqual(['2200']);
    expect(photoIdentifiers('No. 2200')).toEqual([]);
    expect(photoIdentifiers('型号：150-2 日期：2024-03')).toEqual(['150-2']);
  });

  it('puts the labelled model first, then longer and connected codes, once each', () => {
    const label = [
      'Compatible: QB60 CR5 QB60',
      'Part no. ZX-4410B',
      'Type 4SD8-26 (4SD8 series)',
      'spare kit a3x9',
    ].join('\n');
    const found = photoIdentifiers(label);
    expect(found.slice(0, 2).sort()).toEqual(['4SD8-26', 'ZX-4410B']);
    expect(found).toContain('QB60');
    expect(found).not.toContain('4SD8');
    expect(new Set(found).size).toBe(found.length);
    expect(found.indexOf('a3x9')).toBe(found.length - 1);
  });

  it(`gives at most ${MAX_IDENTIFIERS}`, () => {
    const many = Array.from({ length: 12 }, (_, i) => `AB${100 + i}`).join(' ');
    expect(photoIdentifiers(many)).toHaveLength(MAX_IDENTIFIERS);
  });
});

describe('the readable text of a photo without identifiers', () => {
  it('keeps lines of words and drops lines of figures and noise', () => {
    const poster = 'OEM SERVICE AVAILABLE\n欢迎光临\n| ~ — ee\n220V 50Hz\nTel 0576-86123456';
    expect(readablePhotoText(poster)).toBe('OEM SERVICE AVAILABLE 欢迎光临');
  });

  it(`is at most ${MAX_READABLE_CHARS} characters, cut after a word`, () => {
    const long = 'Stainless steel impeller for clean water applications '.repeat(10);
    const readable = readablePhotoText(long);
    expect(readable.length).toBeLessThanOrEqual(MAX_READABLE_CHARS);
    expect(long.startsWith(readable)).toBe(true);
    expect(long[readable.length]).toBe(' ');
  });

  it('is empty for a photo without legible text', () => {
    expect(readablePhotoText('')).toBe('');
    expect(readablePhotoText('| ~ —\n. , ;\nee rn\n12 34')).toBe('');
  });
});

describe('a typed text that only points at the photo', () => {
  it.each([
    '',
    'What is this?',
    'what is it',
    'How much is it?',
    'price?',
    'What is this model and what does it cost?',
    'Can you tell me the price of this one?',
    '多少钱',
    '这个多少钱？',
    '這是什麼？',
    '这是什么泵？',
    '呢個幾錢？',
    '呢個係乜嘢？',
  ])('%j points at the photo', (typed) => {
    expect(pointsAtPhoto(typed)).toBe(true);
  });

  it.each([
    'What is your MOQ?',
    'Do you have it in stock?',
    'Payment terms?',
    'QB60?',
    '有现货吗？',
    '起订量是多少？',
    '交期要幾耐？',
  ])('%j stands on its own', (typed) => {
    expect(pointsAtPhoto(typed)).toBe(false);
  });
});

describe('the question searched with', () => {
  it('puts the identifiers in place of the words that point at the photo', () => {
    expect(photoQuestion('What is this?', NAMEPLATE).question).toBe('What is 4SD8-26?');
    expect(photoQuestion('How much is it?', NAMEPLATE).question).toBe('How much is 4SD8-26?');
    expect(photoQuestion('这个多少钱？', NAMEPLATE).question).toBe('4SD8-26 多少钱？');
    expect(photoQuestion('這是什麼？', NAMEPLATE).question).toBe('4SD8-26 是什麼？');
    expect(photoQuestion('呢個幾錢？', NAMEPLATE).question).toBe('4SD8-26 幾錢？');
    expect(photoQuestion('Do you have it in stock?', NAMEPLATE).question).toBe(
      'Do you have 4SD8-26 in stock?',
    );
  });

  it('adds them to a text that does not point at the photo, or is empty', () => {
    expect(photoQuestion('price?', NAMEPLATE).question).toBe('price? 4SD8-26');
    expect(photoQuestion('What is your MOQ?', NAMEPLATE).question).toBe(
      'What is your MOQ? 4SD8-26',
    );
    expect(photoQuestion('', NAMEPLATE).question).toBe('4SD8-26');
  });

  it('leaves "this" and 这 that do not point at the photo', () => {
    expect(photoQuestion('Can you deliver this month?', NAMEPLATE).question).toBe(
      'Can you deliver this month? 4SD8-26',
    );
    expect(photoQuestion('这个月能发货吗？', NAMEPLATE).question).toBe('这个月能发货吗？ 4SD8-26');
    expect(photoQuestion('这里有样品吗？', NAMEPLATE).question).toBe('这里有样品吗？ 4SD8-26');
    expect(photoQuestion('Is it possible to get a discount?', NAMEPLATE).question).toBe(
      'Is it possible to get a discount? 4SD8-26',
    );
  });

  it('does not repeat an identifier the visitor typed', () => {
    expect(photoQuestion('4SD8-26 price?', NAMEPLATE).question).toBe('4SD8-26 price?');
    expect(photoQuestion('price of 4sd826?', NAMEPLATE).question).toBe('price of 4sd826?');
  });

  it('adds a short readable part of a photo without identifiers', () => {
    const poster = 'OEM SERVICE AVAILABLE\n220V 50Hz';
    expect(photoQuestion('What is this?', poster)).toEqual({
      question: 'What is this?\nOEM SERVICE AVAILABLE',
      identifiers: [],
      unreadable: false,
      pointsAtPhoto: true,
    });
  });

  it('marks a photo with nothing worth searching as unreadable', () => {
    expect(photoQuestion('what is this?', '')).toEqual({
      question: 'what is this?',
      identifiers: [],
      unreadable: true,
      pointsAtPhoto: true,
    });
    expect(photoQuestion('What is your MOQ?', '| ~ 220V')).toMatchObject({
      question: 'What is your MOQ?',
      unreadable: true,
      pointsAtPhoto: false,
    });
  });
});
