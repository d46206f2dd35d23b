import { answerBroadQuestion } from '../broad-questions.ts';
import { composeAnswer } from '../extractive/composition.ts';
import { findAnswer } from '../extractive/selection.ts';
import type { GroundedQuestion, Provider, Reply } from '../provider.ts';

/*
 * The local provider: the built-in engine, no key and no network. A broad question ("What do
 * you make?") is answered from the documents' facts; any other with the sentences that answer
 * it, quoted with their sources (extractive/). Nothing is generated, so nothing is
 * streamed: the assistant cuts the finished reply into pieces.
 */

/** The local reply to a question, or null when the documents do not cover it. */
export function answerLocally(q: GroundedQuestion): Reply | null {
  const broad = answerBroadQuestion(q.index, q.question, q.language);
  if (broad) return broad;
  const outcome = findAnswer(q.index, q.question, {
    previousQuestions: q.previousQuestions,
    mustCite: q.keywords,
    family: q.language === 'en' ? 'en' : 'zh',
  });
  if (outcome.kind === 'not-covered') return null;
  return composeAnswer(q.index, outcome, q.question, q.language, {
    companyName: q.companyName,
    keywords: q.keywords,
  });
}

export const localProvider: Provider = {
  name: 'local',
  answer: (q) => Promise.resolve(answerLocally(q)),
  async *stream(q) {
    yield { type: 'done', reply: answerLocally(q) };
  },
};
