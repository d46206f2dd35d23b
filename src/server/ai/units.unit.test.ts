import { describe, expect, it } from 'vitest';
import { segmentWords } from '#server/ingest/segment.ts';
import { estimateTokens } from './context-budget.ts';
import { composeAnswer } from './extractive/composition.ts';
import { findAnswer } from './extractive/selection.ts';
import { CardIndex, type ChunkRow } from './retrieval.ts';
import { answerTypeOf, hasAnswerType } from '#server/vocabulary/answer-types.ts';
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

/** The keyless assistant's answer to an English question on these passages. */
const answerTo = (index: CardIndex, question: string) =>
  composeAnswer(index, findAnswer(index, question), question, 'en');

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
    const answer = answerTo(index, question);
    expect(answer.message).toContain('110 m');
    expect(answer.message).not.toContain('96 m');
    expect(answer.citations).toHaveLength(1);
  });
});

describe('statements cut across passages', () => {
  it('keeps the years of a statement over rows three passages further on', () => {
    const index = new CardIndex([
      row(
        1,
        'CONSOLIDATED STATEMENTS OF CASH FLOWS\n(in millions)\nYear Ended December 31,\n2017 2018 2019\nNet income 3,033 10,073 11,588',
      ),
      row(
        2,
        'Inventories (3,583) (1,314) (3,278)\nAdjustments to reconcile net income to net cash from operating activities:\nAccounts payable 7,100 3,263 8,193',
      ),
      row(
        3,
        'INVESTING ACTIVITIES:\nPurchases of property and equipment (11,955) (13,427) (16,861)',
      ),
      row(4, 'Property and equipment acquired under finance leases 9,637 10,615 13,723'),
    ]);
    expect(index.carriedHeader(3)).toBe('2017 2018 2019');
    const question = 'What was the property and equipment acquired under finance leases in 2019?';
    const answer = answerTo(index, question);
    expect(answer.message).toContain('2019: 13,723');
  });

  it('reads "As of or for the six months ended June 30," as the columns\' header, not a row', () => {
    expect(isTableRow('As of or for the six months ended June 30,')).toBe(false);
    expect(isTableRow('Three months ended March 31, 2024')).toBe(false);
    const units = splitUnits('22,342 23,782\nGeneral and administrative 1,911 3,499');
    expect(units.find((u) => u.text.startsWith('General'))?.text).toBe(
      'General and administrative 1,911 3,499',
    );
  });

  it('asks for a sum of money when it asks what was paid, and a date is none', () => {
    expect(
      answerTypeOf('how much did amazon pay for the acquisition of whole foods market in 2017?'),
    ).toBe('money');
    expect(hasAnswerType('money', 'from the date of acquisition on august 28, 2017.')).toBe(false);
    expect(
      hasAnswerType('money', 'we acquired whole foods market for approximately $13.2 billion'),
    ).toBe(true);
  });

  it('stops carrying at prose: a passage of sentences ends the table', () => {
    const index = new CardIndex([
      row(1, '2017 2018 2019\nNet income 3,033 10,073 11,588'),
      row(2, 'The following discussion explains the changes in our results of operations.'),
      row(3, 'Headcount 259,350 255,351 240,000'),
    ]);
    expect(index.carriedHeader(2)).toBeNull();
  });

  it('answers from the row that names every word asked for, not a shorter label near the years', () => {
    const index = new CardIndex([
      row(
        1,
        'Year Ended December 31,\n2018 2019\nFree cash flow 19,400 25,825\nEquipment acquired under finance leases (10,615) (12,916)',
      ),
      row(
        2,
        'Supplemental information is listed below.\nCash paid for interest on finance leases 200 381 647\nProperty and equipment acquired under finance leases 9,637 10,615 13,723',
      ),
    ]);
    const outcome = findAnswer(
      index,
      'What was the amount of property and equipment acquired under finance leases in 2019?',
    );
    expect(outcome.kind === 'answer' && outcome.selected[0]!.unit.text).toMatch(
      /^Property and equipment acquired/,
    );
  });
});

describe('a line that announces the next one', () => {
  it('answers with the command a sentence announces, even on the next passage', () => {
    const index = new CardIndex([
      row(
        1,
        '6.6 DISABLING DRIVE LOCKING\nYou can disable drive locking at any time after initialization by issuing the following.',
      ),
      row(2, '\\$ sudo nv-disk-encrypt disable\nThis command disables locking on all drives.'),
    ]);
    const question = 'What command can be used to disable drive locking after initialization?';
    const answer = answerTo(index, question);
    expect(answer.message).toContain('sudo nv-disk-encrypt disable');
  });

  it('takes "The following example creates …" as announcing the example under it', () => {
    const index = new CardIndex([
      row(
        1,
        'Syntax nvidia-smi mig -i <gpu-id> -cgi <profile> where <profile> is the MIG profile ID.\nThe following example creates a 7-slice GPU instance on GPU 0.\nnvidia-smi mig -i 0 -cgi 0\nSuccessfully created GPU instance ID 1 on GPU 0.',
      ),
    ]);
    const question = 'What command creates a 7-slice GPU instance on GPU 0?';
    const answer = answerTo(index, question);
    expect(answer.message).toContain('nvidia-smi mig -i 0 -cgi 0');
  });
});

describe('the attribute asked for', () => {
  it('is named by every word of its phrase: an answer holding the hours holds the operating hours', () => {
    const analysis = analyseQuestion('What are the operating hours of the Carrefour supermarket?');
    expect(analysis.focus?.label).toBe('operating');
    expect(analysis.focusPhrase.map((item) => item.label)).toEqual(['operating', 'hours']);
    const index = new CardIndex([
      row(
        1,
        'Supermarkets\nCarrefour, located in the Zhongguancun area: opening hours 8:30am - 10:00pm.\nLotus, located in the Wudaokou area: opening hours 9:00am - 9:00pm.',
      ),
    ]);
    const question = 'What are the operating hours of the Carrefour supermarket in Zhongguancun?';
    const answer = answerTo(index, question);
    expect(answer.message).toContain('8:30am - 10:00pm');
  });

  it('still declines when no word of the attribute is there', () => {
    const index = new CardIndex([
      row(1, 'Guangdong is a province in southern China with many factories.'),
    ]);
    const question = 'What is the population density of Guangdong?';
    expect(findAnswer(index, question).kind).toBe('not-covered');
  });
});

describe('context budget', () => {
  it('counts a CJK character as about one token and Latin text as four characters', () => {
    expect(estimateTokens('abcdefgh')).toBe(2);
    expect(estimateTokens('使用权资产')).toBe(5);
  });
});
