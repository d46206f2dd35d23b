import { describe, expect, it } from 'vitest';
import { groupQuestions, openItems, type OpenCandidate } from './grouping.ts';
import { keyTerms, SAME_QUESTION, similarity } from './key-terms.ts';

const alike = (a: string, b: string) => similarity(keyTerms(a), keyTerms(b));

describe('the key terms of a question', () => {
  it('make paraphrases the same question', () => {
    for (const paraphrase of [
      'Can you send the goods to Brazil?',
      'Is shipping to Brazil possible?',
      'Do you deliver to Brazil?',
      'do you SHIP to brazil',
    ])
      expect(alike('Do you ship to Brazil?', paraphrase), paraphrase).toBeGreaterThanOrEqual(
        SAME_QUESTION,
      );
    expect(alike('What is the minimum order quantity?', 'MOQ?')).toBe(1);
  });

  it('map English and Chinese (Simplified and Traditional) through the trade vocabulary', () => {
    expect(alike('Do you ship to Brazil?', '你们能发货到巴西吗？')).toBe(1);
    expect(alike('Do you ship to Brazil?', '你們能發貨到巴西嗎？')).toBe(1);
    expect(alike('Is there a 110 V version?', '有没有110V的版本？')).toBe(1);
    expect(alike('Do you have CE certification?', '你们有CE认证吗')).toBe(1);
    expect(alike('What is the minimum order quantity?', '最小起订量是多少')).toBe(1);
  });

  it('keep different questions apart', () => {
    for (const [a, b] of [
      ['Do you ship to Brazil?', 'Do you ship to Mexico?'],
      ['Do you ship to Brazil?', 'What is your lead time?'],
      ['Is there a 110 V version?', 'Is there a 220 V version?'],
      ['What is the MOQ?', 'What is the warranty?'],
    ] as const)
      expect(alike(a, b), `${a} / ${b}`).toBeLessThan(SAME_QUESTION);
  });

  it('finds nothing to answer in small talk', () => {
    for (const text of ['Hello!', '你好', 'thanks', '???', '']) expect(keyTerms(text).size).toBe(0);
  });
});

describe('grouping the open questions', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 3, 15, 9, minute));
  let id = 0;
  const candidate = (question: string, minute: number, extra: Partial<OpenCandidate> = {}) => ({
    id: ++id,
    question,
    language: /\p{Script=Han}/u.test(question) ? 'zh-CN' : 'en',
    conversationId: id,
    createdAt: at(minute),
    declined: true,
    ratedDownAt: null,
    ownerAnswerId: null,
    ...extra,
  });

  it('groups paraphrases, newest activity first, with stable ids', () => {
    const items = [
      candidate('Do you ship to Brazil?', 1),
      candidate('Is there a 110 V version?', 2),
      candidate('你们能发货到巴西吗？', 3),
      candidate('Do you ship to Brazil?', 4),
    ];
    const groups = groupQuestions(1, openItems(items, []));
    expect(groups.map((g) => [g.question, g.count, g.languages])).toEqual([
      ['Do you ship to Brazil?', 3, ['en', 'zh-CN']],
      ['Is there a 110 V version?', 1, ['en']],
    ]);
    expect(groups[0]!.examples).toEqual(['Do you ship to Brazil?', '你们能发货到巴西吗？']);
    const earlier = groupQuestions(1, openItems(items.slice(0, 3), []));
    expect(earlier.find((g) => g.count === 2)?.id).toBe(groups[0]!.id);
  });

  it('closes questions an answer saved after them covers, and reopens a later 👎', () => {
    const answer = {
      id: 7,
      question: 'Do you ship to Brazil?',
      variants: [],
      updatedAt: at(10),
    };
    const asked = candidate('Can you send the goods to Brazil?', 5);
    const ratedLater = candidate('Do you ship to Brazil?', 11, {
      declined: false,
      ownerAnswerId: 7,
      ratedDownAt: at(12),
    });
    const groups = groupQuestions(1, openItems([asked, ratedLater], [answer]));
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ count: 1, reason: 'unhelpful' });
    expect(openItems([asked, ratedLater], [{ ...answer, updatedAt: at(13) }])).toEqual([]);
  });
});

describe('a question in Cantonese', () => {
  it('has the key terms of its standard written equivalent', () => {
    expect(keyTerms('付款方式係點？')).toEqual(keyTerms('付款方式是怎样？'));
    expect(keyTerms('QB60 水泵幾錢一台？')).toEqual(keyTerms('QB60 水泵多少钱一台？'));
    expect(keyTerms('有冇樣品？')).toEqual(keyTerms('有没有样品？'));
  });
});
