import { describe, expect, it } from 'vitest';
import { MarkerRewriter, rewriteMarkers } from './markers.ts';

describe('citation markers', () => {
  it('renumbers valid markers in order of use and drops invalid ones', () => {
    expect(rewriteMarkers('A [3]. B [1][3]. C [9]. D 【2】, E [1, 2].', 3)).toEqual({
      text: 'A [1]. B [2][1]. C. D [3], E [2][3].',
      cited: [3, 1, 2],
    });
  });

  it('gives the same text when the answer arrives in pieces', () => {
    const rewriter = new MarkerRewriter(2);
    const pieces = ['Thick', 'ness 10.5 mm [', '2', '] and [1', '].'];
    const out = pieces.map((piece) => rewriter.push(piece)).join('') + rewriter.end();
    expect(out).toBe('Thickness 10.5 mm [1] and [2].');
    expect(rewriter.cited).toEqual([2, 1]);
  });

  it('releases text without waiting when no marker can be open', () => {
    const rewriter = new MarkerRewriter(1);
    expect(rewriter.push('Hello ')).toBe('Hello ');
    expect(rewriter.push('world [')).toBe('world ');
    expect(rewriter.push('x] done')).toBe('[x] done');
  });
});
