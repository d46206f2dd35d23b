import { describe, expect, it } from 'vitest';
import { groupParagraphsIntoBlocks, looksLikeHeading } from './blocks.ts';
import { tidyText } from './normalize.ts';
import { paragraphsFromText } from './txt.ts';

describe('plain text read as a reader sees it', () => {
  it('drops zero-width marks beside spaces and at line ends, so a line of them is blank', () => {
    const text =
      'Net income\u200b $ 5,686\u200b  $ (419)\u200b\n\u200b   \u200b \u200b\u200b\nBasic $ 0.19\u200b';
    expect(tidyText(text)).toBe('Net income $ 5,686 $ (419)\n\nBasic $ 0.19');
  });

  it('keeps a zero-width mark between two letters (it joins a word, it is not a space)', () => {
    expect(tidyText('co\u200doperate')).toBe('co\u200doperate');
  });

  it('takes a label with figure columns for a table row, not a heading', () => {
    expect(looksLikeHeading('Net Cash Used (12,422,623) (3,096,922)')).toBe(false);
    expect(looksLikeHeading('Advances on credit line 44,415,120 63,131,238')).toBe(false);
    expect(looksLikeHeading('Installation')).toBe(true);
    expect(looksLikeHeading('Chapter 3')).toBe(true);
  });

  it('opens a block with the label that announces rows, not ends the block before them', () => {
    const rows = (label: string, n: number) =>
      Array.from({ length: n }, (_, i) => `${label} line ${i + 1} ${1000 + i} ${2000 + i}`);
    const text = [
      ...rows('Operating', 8),
      'CASH FLOWS FROM INVESTING ACTIVITIES:',
      ...rows('Investing', 4),
      'Net Cash Used (12,422,623) (3,096,922)',
    ].join('\n\n');
    const blocks = groupParagraphsIntoBlocks(paragraphsFromText(text), 400);
    const withLabel = blocks.find((block) => block.text.includes('INVESTING ACTIVITIES:'))!;
    expect(withLabel.text.startsWith('CASH FLOWS FROM INVESTING ACTIVITIES:')).toBe(true);
    expect(withLabel.text).toContain('Investing line 1');
  });
});
