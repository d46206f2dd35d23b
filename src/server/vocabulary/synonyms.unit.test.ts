import { describe, expect, it } from 'vitest';
import { LEXICON_GROUPS, loadLexicon } from './synonyms.ts';
import { stem } from '#server/ai/text/normalize.ts';
import { analyseQuestion } from '#server/ai/text/question.ts';

const lexicon = loadLexicon(stem);

/** Every form of the group that holds `form` (Latin forms as their stemmed words joined). */
function groupOf(form: string): string[] {
  const key = /\p{Script=Han}/u.test(form) ? form : form.split(' ').map(stem).join(' ');
  const group = lexicon.find((item) =>
    item.forms.some((f) => (f.cjk ?? f.words.join(' ')) === key),
  );
  return group ? group.forms.map((f) => f.cjk ?? f.words.join(' ')) : [];
}

const sameGroup = (...forms: string[]) => {
  const group = groupOf(forms[0]!);
  for (const form of forms.slice(1)) {
    const key = /\p{Script=Han}/u.test(form) ? form : form.split(' ').map(stem).join(' ');
    expect(group, `${forms[0]} ~ ${form}`).toContain(key);
  }
};

describe('the trade synonym lexicon', () => {
  it('joins the words buyers and brochures use for the same term, in English and Chinese', () => {
    sameGroup('factory area', 'plant size', '厂房面积', '占地面积');
    sameGroup('lead time', 'delivery time', '交期', '交货期');
    sameGroup('moq', 'minimum order', '起订量', '最小起订量');
    sameGroup('payment terms', '付款方式');
    sameGroup('warranty', 'guarantee', '质保', '保修');
    sameGroup('certification', 'certificate', '认证', '证书');
    sameGroup('samples', '样品');
    sameGroup('price', 'quotation', '报价', '价格');
    sameGroup('capacity', 'output', '产能', '日产量');
    sameGroup('employees', 'staff', '员工');
  });

  it('has bilingual goods and units for cross-lingual questions', () => {
    sameGroup('tile', '瓷砖');
    sameGroup('wood look', '木纹');
    sameGroup('square metre', '平方米');
    sameGroup('pump', '泵');
  });

  it('is written in Simplified Chinese with no empty forms', () => {
    for (const line of LEXICON_GROUPS) {
      const forms = line.split(',').map((form) => form.trim());
      expect(forms.every(Boolean), line).toBe(true);
      expect(line, line).not.toMatch(/[們產價貨購證認質關機廠]/u);
    }
  });

  it('gives a question its synonyms and translations', () => {
    const [area] = analyseQuestion('What is your plant size?').concepts;
    expect(area?.label).toBe('plant size');
    expect(area?.alternatives).toContainEqual({ cjk: '厂房面积' });
    const [leadTime] = analyseQuestion('交期多久？').concepts;
    expect(leadTime?.alternatives).toContainEqual({ words: ['lead', 'time'] });
    const [warranty] = analyseQuestion('保固多久？').concepts;
    expect(warranty?.alternatives).toContainEqual({ words: ['warranty'] });
  });
});
