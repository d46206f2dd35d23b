import { describe, expect, it } from 'vitest';
import { segmentWords, tokenizeForSearch } from './segment.ts';

describe('segmentWords', () => {
  it('splits English into lowercased words without punctuation', () => {
    expect(segmentWords('Meet us at the Canton Fair, Hall 9.2!')).toEqual([
      'meet',
      'us',
      'at',
      'the',
      'canton',
      'fair',
      'hall',
      '9.2',
    ]);
  });

  it('splits Chinese into dictionary words, with bigrams of longer words', () => {
    const words = segmentWords('公司拥有6条全自动生产线，日产量3万平方米，员工450人。');
    expect(words).toEqual(
      expect.arrayContaining(['公司', '拥有', '员工', '450', '产量', '平方米']),
    );
    expect(words).toContain('平方');
    expect(words).not.toContain('，');
    // What a buyer types meets what the document says.
    for (const word of segmentWords('公司有多少员工？')) {
      if (word !== '有' && word !== '多少') expect(words).toContain(word);
    }
  });

  it('keeps "3万" findable as typed', () => {
    expect(segmentWords('日产量3万平方米')).toEqual(expect.arrayContaining(['3', '万', '3万']));
    expect(segmentWords('3万')).toEqual(expect.arrayContaining(['3万']));
  });

  it('keeps model codes whole and also by their parts', () => {
    const words = segmentWords('HT-M8080: glazed porcelain');
    expect(words).toEqual(expect.arrayContaining(['ht-m8080', 'htm8080', 'ht', 'm8080']));
    // Typed with or without the dash, or only the number part, a buyer still matches.
    for (const typed of ['HT-M8080', 'htm8080', 'M8080']) {
      expect(segmentWords(typed).some((word) => words.includes(word))).toBe(true);
    }
  });

  it('matches "10.5 mm" with "10.5mm" and keeps decimals whole', () => {
    const document = segmentWords('thickness 10.5mm');
    for (const word of segmentWords('10.5 mm')) expect(document).toContain(word);
    expect(segmentWords('0.5 percent')).toContain('0.5');
  });

  it('drops thousands separators so 1,400 and 1400 match', () => {
    expect(segmentWords('about 1,400 square metres')).toContain('1400');
    expect(segmentWords('30,000 a day')).toContain('30000');
  });

  it('keeps booth numbers and folds full-width forms (NFKC)', () => {
    expect(segmentWords('Booth B12')).toEqual(['booth', 'b12']);
    expect(segmentWords('展位Ｂ１２')).toContain('b12');
    expect(segmentWords('ＨＴ－Ｍ８０８０')).toContain('ht-m8080');
  });

  it('segments Japanese and Korean', () => {
    expect(segmentWords('製品カタログをご覧ください')).toEqual(
      expect.arrayContaining(['製品', 'カタログ']),
    );
    expect(segmentWords('한국어 텍스트')).toEqual(['한국어', '텍스트']);
  });

  it('finds a domain by its name', () => {
    expect(segmentWords('export@hengtai.example')).toEqual(
      expect.arrayContaining(['export', 'hengtai']),
    );
  });

  it('segments long text the same as its sentences one by one', () => {
    const sentences = Array.from(
      { length: 120 },
      (_, index) => `恒泰陶瓷第${index + 1}号产品是抛釉砖，规格为六百乘一千二百毫米。`,
    );
    const whole = segmentWords(sentences.join(''));
    expect(whole).toEqual(sentences.flatMap((sentence) => segmentWords(sentence)));
  });

  it('segments a long run of Chinese without any punctuation (a table dump, a hostile file)', () => {
    // ICU alone takes time quadratic in such a run: 100,000 characters took 14 s.
    const run = '抛釉砖木纹砖岩板仿古砖大理石瓷砖外墙砖'.repeat(5_000);
    const words = segmentWords(run);
    expect(words.filter((word) => word === '大理石').length).toBeGreaterThan(4_900);
    expect(words.join('')).not.toContain('\uFFFD');
  });

  it('joins the words with spaces for the index', () => {
    expect(tokenizeForSearch('Booth B12, Hall 9.2')).toBe('booth b12 hall 9.2');
  });
});
