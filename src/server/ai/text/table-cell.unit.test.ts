import { describe, expect, it } from 'vitest';
import { segmentWords } from '#server/ingest/segment.ts';
import { composeAnswer } from '../extractive/composition.ts';
import { findAnswer } from '../extractive/selection.ts';
import { CardIndex } from '../retrieval.ts';
import { statedCell } from './table-cell.ts';
import { splitUnits } from './units.ts';

const STATEMENT = [
  'CONSOLIDATED STATEMENTS OF OPERATIONS',
  '(in millions, except per share data)',
  'Year Ended December 31,',
  '2017 2018 2019',
  'Net product sales $ 118,573 $ 141,915 $ 160,408',
  'Operating expenses:',
  'Cost of sales 111,934 139,156 165,536',
  'Interest income 202 440 832',
  'Basic earnings per share $ 6.32 $ 20.68 $ 23.46',
  'See accompanying notes to consolidated financial statements.',
  'Segment count 12 — 14',
].join('\n');

const rowText = (label: string) =>
  splitUnits(STATEMENT).find((unit) => unit.isRow && unit.text.startsWith(label))!.text;

describe('a financial table answers by cell', () => {
  it('keeps the periods and the scale over a group of rows under its own label', () => {
    expect(rowText('Interest income')).toBe(
      'Interest income 202 440 832 [Operating expenses: 2017 2018 2019 · in millions]',
    );
    // Prose ends the table: a later row does not borrow its periods.
    expect(rowText('Segment count')).toBe('Segment count 12 — 14');
  });

  it('states the cell of the period the question names, with its scale', () => {
    expect(statedCell(rowText('Interest income'), 'what was interest income in 2019')).toBe(
      'Interest income, 2019: 832 million',
    );
    expect(statedCell(rowText('Net product sales'), 'net product sales in 2018?')).toBe(
      'Net product sales, 2018: $141,915 million',
    );
    // A per-share figure is not in millions.
    expect(statedCell(rowText('Basic earnings per share'), 'basic eps 2017')).toBe(
      'Basic earnings per share, 2017: $6.32',
    );
  });

  it('states every column with its period when the question names none', () => {
    expect(statedCell(rowText('Cost of sales'), 'what is the cost of sales')).toBe(
      'Cost of sales (in millions) — 2017: 111,934; 2018: 139,156; 2019: 165,536',
    );
  });

  it('leaves a row alone when its figures do not line up with the periods', () => {
    expect(statedCell('Revenue 1 2 [2022 2021 Change 2022 2021 Change]', '2022')).toBeNull();
    expect(statedCell('Revenue 1 2 3 [2022 2021]', '2022')).toBeNull();
    expect(statedCell('Media Eject 29 [keys]', 'eject')).toBeNull();
  });

  it('answers a statement question with the cell through the engine', () => {
    const text = STATEMENT;
    const index = new CardIndex([
      {
        id: 1,
        documentId: 1,
        fileName: '10-K.pdf',
        page: 38,
        position: 0,
        text,
        tokens: segmentWords(text).join(' '),
      },
    ]);
    const question = 'What was the amount of interest income in 2019?';
    const reply = composeAnswer(index, findAnswer(index, question), question, 'en');
    expect(reply.message).toContain('Interest income, 2019: 832 million');
    expect(reply.citations[0]?.excerpt).toContain('Interest income 202 440 832');
  });
});

describe('the line that answers, not its neighbour', () => {
  const indexOf = (...texts: string[]) =>
    new CardIndex(
      texts.map((text, i) => ({
        id: i + 1,
        documentId: 1,
        fileName: 'report.txt',
        page: i + 1,
        position: i,
        text,
        tokens: segmentWords(text).join(' '),
      })),
    );
  const answer = (index: CardIndex, question: string) =>
    composeAnswer(index, findAnswer(index, question), question, 'en').message;

  it("quotes a line item's statement, not the note that repeats it later", () => {
    const index = indexOf(
      'CONDENSED BALANCE SHEETS\nMarch 31, 2024 December 31, 2023\nAccounts receivable, net 26,452 31,676\nInventories 1,200 1,100',
      'Notes to the statements.\nSegment information follows.\nPublishing segment\nAccounts receivable, net 7,444 5,000',
    );
    expect(answer(index, 'What is the amount of accounts receivable?')).toContain('26,452');
  });

  it('answers a who question with the line that names someone', () => {
    const index = indexOf(
      'Notice for built-in rechargeable battery.\nDo not attempt to remove or replace the built-in rechargeable battery. Replacement of the battery must be done by a Lenovo-authorized repair facility or technician.',
    );
    expect(
      answer(index, 'Who must perform the replacement of the built-in rechargeable battery?'),
    ).toContain('authorized repair facility or technician');
  });

  it("reads a label's measured line as a fact, not as a heading", () => {
    const index = indexOf(
      'HENGTAI CERAMICS\nModel HT-M6060 Polished Porcelain\nNet weight 32 kg per carton\nMade in Foshan, China',
    );
    expect(answer(index, 'What is the net weight per carton?')).toContain('32 kg per carton');
  });

  it('finds "indicator" for an "indication"', () => {
    const index = indexOf(
      'The Ethernet connector has two network status indicators. When the yellow indicator blinks, data is being transmitted.',
    );
    expect(
      answer(
        index,
        'What indication does the Ethernet connector give when data is being transmitted?',
      ),
    ).toContain('yellow indicator blinks');
  });
});
