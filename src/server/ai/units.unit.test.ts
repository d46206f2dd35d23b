import { describe, expect, it } from 'vitest';
import { segmentWords } from '#server/ingest/segment.ts';
import { estimateTokens } from './context-budget.ts';
import { composeAnswer } from './extractive/composition.ts';
import { findAnswer } from './extractive/selection.ts';
import { CardIndex, type ChunkRow } from './retrieval.ts';
import { answerTypeOf } from '#server/vocabulary/answer-types.ts';
import { analyseQuestion } from './text/question.ts';
import { isTableRow, splitUnits } from './text/units.ts';

const row = (id: number, text: string, documentId = 1): ChunkRow => ({
  id,
  documentId,
  fileName: 'manual.pdf',
  page: id,
  position: id,
  text,
  tokens: segmentWords(text).join(' '),
});

describe('table rows are units that carry their column headers', () => {
  it('labels a | row with its header cells', () => {
    const units = splitUnits(
      '单位：元\n|项目|期末余额|期初余额|\n|---|---|---|\n|使用权资产|48,139,019.37|53,298,798.72|',
    );
    expect(units.map((u) => u.text)).toContain(
      '使用权资产 · 期末余额: 48,139,019.37 · 期初余额: 53,298,798.72',
    );
  });

  it('keeps PDF figure rows whole instead of joining them into a paragraph', () => {
    const text =
      'Selected balance sheet data (in millions) March 31, 2021 December 31, 2020\nTotal stockholders’ equity $ 280,714 $ 279,354\nHeadcount 259,350 255,351';
    const units = splitUnits(text);
    expect(units.find((u) => u.text.startsWith('Total stockholders'))?.isRow).toBe(true);
    expect(isTableRow('Headcount 259,350 255,351')).toBe(true);
    expect(isTableRow('The flashlight turns on for 5 minutes by default.')).toBe(false);
  });

  it('takes a row already written as "Header: value · Header: value" as one unit', () => {
    const units = splitUnits('Pumps · Model: 4SD10-18 · Rated head: 96 m · Flow: 10 m³/h');
    expect(units).toHaveLength(1);
    expect(units[0]!.isRow).toBe(true);
  });
});

describe('identifiers and answer types', () => {
  it('indexes a standard as one identifier as well as its parts', () => {
    expect(segmentWords('Certified to ISO 9001 and GB/T 5657')).toEqual(
      expect.arrayContaining(['iso', '9001', 'iso9001', 'gbt5657']),
    );
    const concepts = analyseQuestion('Do you have ISO 9001?').concepts.map((c) => c.label);
    expect(concepts).toEqual(['iso9001']);
  });

  it('recognises what kind of answer a question asks for', () => {
    expect(answerTypeOf('when was the company founded?')).toBe('date');
    expect(answerTypeOf('what percentage of loans were rated a?')).toBe('percent');
    expect(answerTypeOf('who is the chairman?')).toBe('person');
    expect(answerTypeOf('实际控制人是谁？')).toBe('person');
    expect(answerTypeOf('how many students can be queried?')).toBe('quantity');
    expect(answerTypeOf('which model number fits?')).toBe('code');
  });

  it('quotes the row of the model asked for, not a row that shares one of its parts', () => {
    const index = new CardIndex([
      row(
        1,
        'Model Rated head Flow\n4SD10-18 96 m 10 m³/h\n4SD10-20 110 m 10 m³/h\n4SD18-10 52 m 18 m³/h',
      ),
    ]);
    const question = 'What is the rated head of the 4SD10-20?';
    const answer = composeAnswer(index, findAnswer(index, question), question, 'en');
    expect(answer.message).toContain('110 m');
    expect(answer.message).not.toContain('96 m');
    expect(answer.citations).toHaveLength(1);
  });
});

describe('context budget', () => {
  it('counts a CJK character as about one token and Latin text as four characters', () => {
    expect(estimateTokens('abcdefgh')).toBe(2);
    expect(estimateTokens('使用权资产')).toBe(5);
  });
});
