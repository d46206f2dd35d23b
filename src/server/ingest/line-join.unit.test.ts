import { describe, expect, it } from 'vitest';
import { joinWrappedLines } from './line-join.ts';

const join = (...lines: string[]) => joinWrappedLines(lines.join('\n'));

describe('joinWrappedLines: a figure broken from its unit', () => {
  it('joins a figure and its Chinese unit, across the blank line OCR leaves', () => {
    expect(join('MPPT 控制器质保 3', '', '年。')).toBe('MPPT 控制器质保 3 年。');
    expect(join('逆变器质保期为 5', '年，电池 10', '年。')).toBe(
      '逆变器质保期为 5 年，电池 10 年。',
    );
    expect(join('最小起订量 300', '平方米')).toBe('最小起订量 300 平方米');
  });

  it('joins a figure and its Latin unit or payment term', () => {
    expect(join('Payment: 30%', 'T/T in advance, 70% before shipment.')).toBe(
      'Payment: 30% T/T in advance, 70% before shipment.',
    );
    expect(join('The controller is guaranteed for 3', 'years.')).toBe(
      'The controller is guaranteed for 3 years.',
    );
    expect(join('Tile size 600 x 1200', 'mm, thickness 9.5', 'mm')).toBe(
      'Tile size 600 x 1200 mm, thickness 9.5 mm',
    );
    expect(join('Rated voltage 220', 'V / 50 Hz')).toBe('Rated voltage 220 V / 50 Hz');
  });

  it('joins a currency and the price that follows it', () => {
    expect(join('FOB Ningbo price USD', '29.5 per piece')).toBe(
      'FOB Ningbo price USD 29.5 per piece',
    );
    expect(join('单价约', '8.5 美元')).toBe('单价约 8.5 美元');
  });

  it('joins a line that starts with punctuation no line may start with', () => {
    expect(join('交货期为 30 天', '，样品 7 天。')).toBe('交货期为 30 天，样品 7 天。');
  });
});

describe('joinWrappedLines: sentences broken at the margin', () => {
  it('joins English prose that goes on in lower case', () => {
    expect(
      join(
        'All pumps are tested at the factory before',
        'they are packed, and every unit carries a serial',
        'number on its nameplate.',
      ),
    ).toBe(
      'All pumps are tested at the factory before they are packed, and every unit carries a serial number on its nameplate.',
    );
  });

  it('joins Chinese prose wrapped inside a sentence', () => {
    expect(
      join(
        '本公司成立于 2005 年，专业生产太阳能控制器、逆变器和储能',
        '电池，产品远销 60 多个国家。',
      ),
    ).toBe('本公司成立于 2005 年，专业生产太阳能控制器、逆变器和储能电池，产品远销 60 多个国家。');
    expect(join('如有质量问题，', '请联系售后部门。')).toBe('如有质量问题，请联系售后部门。');
  });
});

describe('joinWrappedLines: what stays a line', () => {
  it('keeps headings, list items and sentences that ended', () => {
    const text = [
      '产品介绍',
      '本公司专业生产太阳能控制器。',
      '1. 质保三年',
      '2. 免费更换配件',
      'Warranty',
      'three years from delivery.',
      '• stainless steel housing',
      '• quiet motor',
    ].join('\n');
    expect(joinWrappedLines(text)).toBe(text);
  });

  it('keeps table rows and a model code apart from the next line', () => {
    const text = [
      'Model: QB60 · Flow (L/min): 40 · Head (m): 25',
      'Model: QB80 · Flow (L/min): 55 · Head (m): 30',
      'Model QB60',
      'm-series pumps',
      '| 型号 | 质保 |',
      '| HT-1 | 3 |',
      '年份 2024',
    ].join('\n');
    expect(joinWrappedLines(text)).toBe(text);
  });

  it('keeps the lines of a business card apart', () => {
    const text = [
      'Iberia Water Solutions S.L.',
      'www.iberiawater.es',
      'Carlos Martínez Ruiz',
      'export manager',
      'Tel: +34 961 234 567',
      'W www.iberiawater.es',
      'Calle de Colón 12, 46004 Valencia',
      'm.ruiz@iberiawater.es',
    ].join('\n');
    expect(joinWrappedLines(text)).toBe(text);
  });

  it('keeps a paragraph break that is not inside a fact', () => {
    expect(join('Delivery takes 30 days.', '', 'Samples are free.')).toBe(
      'Delivery takes 30 days.\n\nSamples are free.',
    );
    expect(join('Chapter 3', '', '', '年度报告')).toBe('Chapter 3\n\n年度报告');
    expect(join('A new era', 'A new pump')).toBe('A new era\nA new pump');
  });

  it('judges a joined paragraph by all of its lines, not by the last one joined', () => {
    // The address joined in first keeps the line a contact line: its figure takes no unit.
    expect(join('Mail sales@hengtai.cn', ', room 1200', 'mm')).toBe(
      'Mail sales@hengtai.cn, room 1200\nmm',
    );
    // The figure is the whole run of digits at the end: "X1200" is a model, not 1,200 mm.
    expect(join('Model X1200', 'mm')).toBe('Model X1200\nmm');
    expect(join('Width 1200', 'mm')).toBe('Width 1200 mm');
  });
});
