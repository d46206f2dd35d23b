import { describe, expect, it } from 'vitest';
import { readTexLigatures } from './pdf-tex-ligatures.ts';

describe('readTexLigatures', () => {
  it('reads T1 and OT1 ligature codes inside words as their letters', () => {
    expect(
      readTexLigatures('signi\u001Ccant e\u001Bect \u001Erst su\u001Ece ba\u001Fe sta\u001B'),
    ).toBe('significant effect ffirst suffice baffle staff');
    expect(readTexLigatures('\u000Cnd the o\u000Ece')).toBe('find the office');
  });

  it('leaves controls away from letters, and carriage returns, to the text boundary', () => {
    expect(readTexLigatures('Yes \u001C No')).toBe('Yes \u001C No');
    expect(readTexLigatures('line\r\nnext')).toBe('line\r\nnext');
  });
});
