import { describe, expect, it } from 'vitest';
import { fitText, truncateToWidth, wrapText, wrapUnits, type MeasureText } from './text-fit.ts';

/** Latin characters half an em wide, CJK characters a full em. */
const measure: MeasureText = (text, fontSize) =>
  [...text].reduce((width, char) => width + (/[\u4e00-\u9fff]/.test(char) ? 1 : 0.5), 0) * fontSize;

describe('wrapUnits', () => {
  it('keeps Latin words whole and splits Chinese into characters', () => {
    expect(wrapUnits('Hengtai 机械 Co')).toEqual(['Hengtai', ' 机', '械', ' Co']);
  });
});

describe('wrapText', () => {
  it('wraps at spaces and never makes a line wider than the box', () => {
    const lines = wrapText('Guangzhou Hengtai Machinery Company Limited', 200, 20, measure);
    expect(lines).toEqual(['Guangzhou Hengtai', 'Machinery Company', 'Limited']);
    for (const line of lines) expect(measure(line, 20)).toBeLessThanOrEqual(200);
  });

  it('breaks a word longer than the line (an e-mail address)', () => {
    const lines = wrapText('sales.department.export@hengtai-machinery.com', 100, 20, measure);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe('sales.department.export@hengtai-machinery.com');
    for (const line of lines) expect(measure(line, 20)).toBeLessThanOrEqual(100);
  });
});

describe('fitText', () => {
  it('keeps the size when the text fits on one line', () => {
    const result = fitText({
      text: 'Hengtai',
      maxWidth: 400,
      maxLines: 2,
      fontSize: 40,
      minFontSize: 20,
      measure,
    });
    expect(result).toEqual({ lines: ['Hengtai'], fontSize: 40, truncated: false });
  });

  it('wraps before it shrinks', () => {
    const result = fitText({
      text: 'Guangzhou Hengtai Machinery',
      maxWidth: 360,
      maxLines: 2,
      fontSize: 40,
      minFontSize: 20,
      measure,
    });
    expect(result).toEqual({
      lines: ['Guangzhou Hengtai', 'Machinery'],
      fontSize: 40,
      truncated: false,
    });
  });

  it('shrinks when wrapping alone is not enough, then fits every line', () => {
    const text = 'Guangzhou Hengtai Precision Machinery Manufacturing Company Limited';
    const result = fitText({
      text,
      maxWidth: 400,
      maxLines: 2,
      fontSize: 48,
      minFontSize: 16,
      measure,
    });
    expect(result.fontSize).toBeLessThan(48);
    expect(result.fontSize).toBeGreaterThanOrEqual(16);
    expect(result.lines.length).toBeLessThanOrEqual(2);
    expect(result.truncated).toBe(false);
    expect(result.lines.join(' ')).toBe(text);
    for (const line of result.lines)
      expect(measure(line, result.fontSize)).toBeLessThanOrEqual(400);
  });

  it('shrinks long Chinese company names too', () => {
    const text = '广州恒泰精密机械制造有限公司国际贸易部';
    const result = fitText({
      text,
      maxWidth: 300,
      maxLines: 1,
      fontSize: 40,
      minFontSize: 12,
      measure,
    });
    expect(result.lines).toEqual([text]);
    expect(measure(text, result.fontSize)).toBeLessThanOrEqual(300);
  });

  it('cuts with an ellipsis only at the smallest size', () => {
    const text = 'word '.repeat(100).trim();
    const result = fitText({
      text,
      maxWidth: 200,
      maxLines: 2,
      fontSize: 30,
      minFontSize: 18,
      measure,
    });
    expect(result.fontSize).toBe(18);
    expect(result.truncated).toBe(true);
    expect(result.lines).toHaveLength(2);
    expect(result.lines[1]?.endsWith('…')).toBe(true);
    for (const line of result.lines) expect(measure(line, 18)).toBeLessThanOrEqual(200);
  });

  it('returns no lines for empty text', () => {
    expect(
      fitText({ text: '  ', maxWidth: 100, maxLines: 1, fontSize: 20, minFontSize: 10, measure })
        .lines,
    ).toEqual([]);
  });
});

describe('truncateToWidth', () => {
  it('leaves text that fits alone', () => {
    expect(truncateToWidth('abc', 100, 10, measure)).toBe('abc');
  });
  it('adds an ellipsis within the width', () => {
    const cut = truncateToWidth('abcdefghijklmnop', 50, 10, measure);
    expect(cut.endsWith('…')).toBe(true);
    expect(measure(cut, 10)).toBeLessThanOrEqual(50);
  });
});
