import { describe, expect, it } from 'vitest';
import { layoutLines, lineText, type PositionedText } from './pdf-layout.ts';
import { linesWithTables } from './pdf-tables.ts';

const item = (str: string, x: number, y: number, width: number, size = 10): PositionedText => ({
  str,
  transform: [size, 0, 0, size, x, y],
  width,
  height: size,
  hasEOL: false,
});

describe('layoutLines', () => {
  it('joins items on one baseline, adds the space a gap stands for, and breaks on a new baseline', () => {
    const lines = layoutLines([
      item('Water', 50, 700, 28),
      item('absorption', 81, 700, 50),
      item('below', 50, 686, 28),
    ]);
    expect(lines.map(lineText)).toEqual(['Water absorption', 'below']);
  });

  it('keeps two words apart when one is drawn partly over the other', () => {
    const lines = layoutLines([item('text75', 195, 388, 27.2), item('text76', 217.2, 388, 27.2)]);
    expect(lines.map(lineText)).toEqual(['text75 text76']);
  });

  it('keeps the LaTeX logo one word: its small raised A is kerned into the L on purpose', () => {
    const lines = layoutLines([
      item('L', 100, 700, 6.1),
      item('A', 102.5, 702.2, 5.2, 7),
      item('TEX', 107.4, 700, 17.5),
    ]);
    expect(lines.map(lineText)).toEqual(['LATEX']);
  });

  it('does not put spaces between Chinese characters drawn one by one', () => {
    const lines = layoutLines([
      item('离', 50, 700, 10),
      item('岸', 60.5, 700, 10),
      item('价', 71, 700, 10),
    ]);
    expect(lines.map(lineText)).toEqual(['离岸价']);
  });

  it('counts text drawn twice, slightly offset (fake bold), once', () => {
    const lines = layoutLines([
      item('T', 50, 700, 6),
      item('T', 50.3, 700, 6),
      item('Te', 50.2, 700, 12),
      item('e', 56.1, 700, 6),
      item('est', 56.2, 700, 15),
    ]);
    expect(lines.map(lineText)).toEqual(['Test']);
  });

  it('keeps a piece drawn back before the line (a margin page number) a word of its own', () => {
    const lines = layoutLines([item('test test test', 127, 363, 67), item('1', 44, 363, 5)]);
    expect(lines[0]!.cells.map((cell) => cell.text)).toEqual(['test test test', '1']);
  });

  it('splits a line into cells at column-wide gaps, and a table keeps its headers per row', () => {
    const lines = layoutLines([
      item('Model', 50, 700, 30),
      item('Price', 200, 700, 25),
      item('QB60', 50, 686, 25),
      item('29.50', 200, 686, 25),
    ]);
    expect(lines[0]!.cells.map((cell) => cell.text)).toEqual(['Model', 'Price']);
    expect(linesWithTables(lines)).toEqual(['Model Price', 'Model: QB60 · Price: 29.50']);
  });
});
