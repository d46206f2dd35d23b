import { describe, expect, it } from 'vitest';
import { foldToSimplified } from '#server/text/han-script.ts';
import { answerLanguage } from '#server/text/language.ts';
import { stem } from './text/normalize.ts';
import { analyseQuestion } from './text/question.ts';
import { splitUnits } from './text/units.ts';

const labels = (question: string) => analyseQuestion(question).concepts.map((c) => c.label);

describe('stem', () => {
  it('folds plurals and tenses so questions and documents meet', () => {
    expect(stem('designs')).toBe(stem('design'));
    expect(stem('countries')).toBe(stem('country'));
    expect(stem('exported')).toBe(stem('export'));
    expect(stem('exporting')).toBe(stem('exports'));
    expect(stem('shipping')).toBe(stem('ship'));
    expect(stem('thickness')).toBe(stem('thick'));
    expect(stem('boxes')).toBe(stem('box'));
    expect(stem('glass')).toBe('glass');
    // A short stem gets its e back, a doubled consonant loses its twin.
    expect(stem('dated')).toBe(stem('date'));
    expect(stem('named')).toBe(stem('name'));
    expect(stem('setting')).toBe(stem('set'));
  });
});

describe('analyseQuestion', () => {
  it('keeps what is asked about, without question words and politeness', () => {
    expect(labels('What is the thickness of HT-M8080?')).toEqual(['thickness', 'ht-m8080']);
    expect(labels('How many countries do you export to?')).toEqual(['countries', 'export']);
    expect(labels('公司有多少员工？')).toEqual(['公司', '员工']);
    expect(labels('请问你们的展位在哪里？')).toEqual(['展位']);
    expect(labels('Hello, could you please tell me something?')).toEqual([]);
  });

  it('treats a product code as one thing, however it is typed', () => {
    const [code] = analyseQuestion('Is AQ-150S in stock?').concepts;
    expect(code?.primary.anyOf).toEqual(['aq-150s', 'aq150s', '150s']);
  });

  it('keeps a code that starts with its number whole, and a measurement as number and unit', () => {
    expect(labels('What is the minimum well diameter for 6SD pumps?')).toContain('6sd');
    expect(labels('What is the minimum well diameter for 6SD pumps?')).not.toContain('6');
    expect(labels('Is the 10mm tile in stock?')).not.toContain('10mm');
  });

  it('reads "which tool / what is the name of" as asking for a name, not for the word', () => {
    const tool = analyseQuestion('What tool is recommended to diagnose network issues?');
    expect(tool.focus).toBeNull();
    expect(tool.concepts.find((c) => c.label === 'tool')?.isSoft).toBe(true);
    const name = analyseQuestion('What is the name of the platform that speeds up 5G?');
    expect(name.focus).toBeNull();
    // An attribute stays the focus: the answer must contain it.
    expect(analyseQuestion('What is the rated head of the 4SD10-18?').focus?.label).toBe('head');
    expect(analyseQuestion('What is the minimum well diameter?').focus?.label).toBe('well');
  });

  it('lets a standard answer "which standard", and ignores "according to the document"', () => {
    const [standard] = analyseQuestion('Which standard do the pumps follow?').concepts;
    expect(standard?.alternatives.some((form) => form.pattern !== undefined)).toBe(true);
    expect(labels('Which device shares an IP address according to the document?')).not.toContain(
      'document',
    );
  });

  it('joins split Chinese compounds the lexicon knows, and finds their translations', () => {
    const [daily] = analyseQuestion('日产量是多少？').concepts;
    expect(daily?.label).toBe('日产量');
    expect(daily?.alternatives.some((form) => form.words?.includes('output'))).toBe(true);
  });

  it('finds phrases, alternatives and the attribute asked for', () => {
    const moq = analyseQuestion('What is the minimum order quantity for series B?');
    expect(moq.concepts.map((c) => c.label)).toEqual(['minimum order quantity', 'series', 'b']);
    expect(moq.focus?.label).toBe('minimum order quantity');
    const either = analyseQuestion('Are prices FOB or CIF?');
    expect(either.concepts.map((c) => c.label)).toEqual(['prices', 'fob']);
    expect(either.concepts[1]?.alternatives).toContainEqual({ words: ['cif'] });
    expect(analyseQuestion('How heavy is the JP-80?').focus?.label).toBe('weight');
  });

  it('folds Traditional Chinese to Simplified', () => {
    expect(foldToSimplified('公司有幾位員工？')).toBe('公司有几位员工？');
    expect(labels('業務經理是誰？')).toEqual(['业务', '经理']);
    expect(analyseQuestion('業務經理是誰？').asksWho).toBe(true);
  });

  it('recognises greetings and follow-ups', () => {
    expect(analyseQuestion('Hello!').isGreeting).toBe(true);
    expect(analyseQuestion('你好').isGreeting).toBe(true);
    expect(analyseQuestion('And its weight?').isFollowUp).toBe(true);
  });
});

describe('answerLanguage', () => {
  it('answers in the question’s language when it clearly is another', () => {
    expect(answerLanguage('公司有多少员工？', 'en')).toBe('zh-CN');
    expect(answerLanguage('公司有多少員工？', 'en')).toBe('zh-TW');
    expect(answerLanguage('How long is the warranty?', 'zh-CN')).toBe('en');
    expect(answerLanguage('HT-M8080?', 'zh-TW')).toBe('zh-TW');
    expect(answerLanguage('HT-M8080的厚度', 'en')).toBe('zh-CN');
  });
});

describe('splitUnits', () => {
  it('joins PDF line wraps into sentences and keeps their heading', () => {
    const units = splitUnits(
      'Marble Look Series\nHT-M6060: glazed porcelain, 600 x 600 mm, thickness 9.5 mm, water absorption below\n0.5 percent, 4 pieces per box.\nHT-M8080: glazed porcelain, 800 x 800 mm, thickness 10.5 mm.',
    );
    expect(units.map((u) => u.text)).toEqual([
      'HT-M6060: glazed porcelain, 600 x 600 mm, thickness 9.5 mm, water absorption below 0.5 percent, 4 pieces per box.',
      'HT-M8080: glazed porcelain, 800 x 800 mm, thickness 10.5 mm.',
    ]);
    expect(units[0]?.heading).toBe('Marble Look Series');
  });

  it('keeps a FAQ question with its answer', () => {
    const units = splitUnits(
      'FAQ\nQ: Can we mix designs?\nA: Yes, up to 5 designs.\nQ: Installation?\nA: No.',
    );
    expect(units.map((u) => u.text)).toEqual([
      'Q: Can we mix designs? A: Yes, up to 5 designs.',
      'Q: Installation? A: No.',
    ]);
  });
});
