import { describe, expect, it } from 'vitest';
import { answerMessages } from './openai-chat.ts';

describe('the provider prompt', () => {
  it("asks for the answer in the buyer's language, whatever the excerpts' language", () => {
    const messages = answerMessages({
      question: 'How many employees do you have?',
      language: 'en',
      companyName: null,
      excerpts: [{ documentName: '恒泰简介.docx', page: 1, text: '公司员工450人。' }],
      history: [],
      canary: 'dc-test',
    });
    const text = messages.map((message) => String(message.content)).join('\n');
    expect(text).toContain(
      'Write the answer in English, even when the excerpts are in another language',
    );
    const chinese = answerMessages({
      question: '有多少员工？',
      language: 'zh-TW',
      companyName: null,
      excerpts: [{ documentName: 'profile.pdf', page: 2, text: '450 employees.' }],
      history: [],
      canary: 'dc-test',
    });
    expect(String(chinese[0]!.content)).toMatch(/Write the answer in Traditional Chinese/);
  });
});
