import { describe, expect, it } from 'vitest';
import { fitToLimit, platformLength } from './social-count.ts';

describe('platformLength', () => {
  it('counts CJK twice and links as 23 on X, once per character elsewhere', () => {
    expect(platformLength('水泵', 'twitter')).toBe(4);
    expect(platformLength('水泵', 'xiaohongshu')).toBe(2);
    expect(platformLength('pump', 'twitter')).toBe(4);
    expect(platformLength('see https://example.com/a/very/long/path/indeed ok', 'twitter')).toBe(
      4 + 23 + 3,
    );
    // An emoji is one character (not two UTF-16 units) on the other platforms.
    expect(platformLength('👋', 'linkedin')).toBe(1);
  });
});

describe('fitToLimit', () => {
  it('keeps text that fits and cuts longer text at a word with an ellipsis', () => {
    expect(fitToLimit('short', 'twitter', 280)).toBe('short');
    const cut = fitToLimit('word '.repeat(100), 'twitter', 50);
    expect(platformLength(cut, 'twitter')).toBeLessThanOrEqual(50);
    expect(cut.endsWith('word…')).toBe(true);
    const chinese = fitToLimit('澳力泵业的太阳能水泵。'.repeat(30), 'twitter', 280);
    expect(platformLength(chinese, 'twitter')).toBeLessThanOrEqual(280);
    expect([...chinese].length).toBeGreaterThan(130);
  });
});
