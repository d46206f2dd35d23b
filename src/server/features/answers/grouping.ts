import { createHash } from 'node:crypto';
import { MAX_GROUP_EXAMPLES, type TUnansweredGroup } from '#shared/schemas/answers.ts';
import { keyTerms, SAME_QUESTION, similarity, wording } from './key-terms.ts';

/*
 * The owner's list of questions to answer, as pure functions: which buyer questions are still
 * open (declined, or rated 👎, and not answered since), and how they group (the same question
 * in other words, or in the other language, is one group).
 */

/** A buyer's question the assistant declined, or whose answer a buyer rated 👎. */
export interface OpenCandidate {
  id: number;
  question: string;
  language: string;
  conversationId: number;
  createdAt: Date;
  declined: boolean;
  /** Rated 👎, and when. */
  ratedDownAt: Date | null;
  /** The exhibitor's answer it was answered from, if any. */
  ownerAnswerId: number | null;
}

/** An exhibitor's answer, as the list sees it. */
export interface AnswerCover {
  id: number;
  question: string;
  variants: readonly string[];
  updatedAt: Date;
}

/** The term sets an answer covers: its question and the wordings it was saved for. */
export function answerTerms(answer: Pick<AnswerCover, 'question' | 'variants'>): Set<string>[] {
  return [answer.question, ...answer.variants].map(keyTerms).filter((terms) => terms.size > 0);
}

/** How well a question matches an answer: the best similarity to any of its wordings. */
export function matchScore(terms: ReadonlySet<string>, covered: readonly Set<string>[]): number {
  let best = 0;
  for (const other of covered) best = Math.max(best, similarity(terms, other));
  return best;
}

interface OpenItem extends OpenCandidate {
  terms: Set<string>;
  reason: 'declined' | 'unhelpful';
  /** When it became a question to answer: asked (declined) or rated 👎. */
  eventAt: Date;
}

/**
 * The candidates still waiting for the owner: not answered by an exhibitor's answer saved
 * (or edited) after they were asked or rated 👎. A question without a key term ("hello?")
 * is never one.
 */
export function openItems(
  candidates: readonly OpenCandidate[],
  answers: readonly AnswerCover[],
): OpenItem[] {
  const covers = answers.map((answer) => ({ answer, terms: answerTerms(answer) }));
  const open: OpenItem[] = [];
  for (const candidate of candidates) {
    const terms = keyTerms(candidate.question);
    if (terms.size === 0) continue;
    const unhelpful = candidate.ratedDownAt !== null;
    const eventAt = candidate.ratedDownAt ?? candidate.createdAt;
    const answered = covers.some(
      ({ answer, terms: covered }) =>
        answer.updatedAt.getTime() >= eventAt.getTime() &&
        (candidate.ownerAnswerId === answer.id || matchScore(terms, covered) >= SAME_QUESTION),
    );
    if (answered) continue;
    open.push({ ...candidate, terms, reason: unhelpful ? 'unhelpful' : 'declined', eventAt });
  }
  return open;
}

/** Members compared against when a question joins a group (the first ones asked). */
const SAMPLES_PER_GROUP = 20;

interface Group {
  key: string;
  members: OpenItem[];
  samples: Set<string>[];
}

function groupKey(cardId: number, terms: ReadonlySet<string>): string {
  const digest = createHash('sha256')
    .update(`${cardId}|${[...terms].sort().join('|')}`)
    .digest('base64url');
  return `g${digest.slice(0, 16)}`;
}

/** Most frequent first (ties: the first seen). */
function byFrequency(values: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([value]) => value);
}

function describe(group: Group): TUnansweredGroup & { activityAt: number } {
  // Newest first.
  const members = [...group.members].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id,
  );
  const textOf = new Map<string, string>();
  for (const member of members) {
    const key = wording(member.question);
    if (!textOf.has(key)) textOf.set(key, member.question.trim());
  }
  const [mostAsked] = byFrequency(members.map((member) => wording(member.question)));
  return {
    id: group.key,
    question: textOf.get(mostAsked!)!,
    examples: [...textOf.values()].slice(0, MAX_GROUP_EXAMPLES),
    count: members.length,
    lastAskedAt: members[0]!.createdAt.toISOString(),
    languages: byFrequency(members.map((member) => member.language)),
    reason: members.some((member) => member.reason === 'unhelpful') ? 'unhelpful' : 'declined',
    conversationIds: [...new Set(members.map((member) => member.conversationId))],
    activityAt: Math.max(...members.map((member) => member.eventAt.getTime())),
  };
}

/**
 * The open questions in groups, newest activity first. A question joins the group it is most
 * like (at least SAME_QUESTION with one of the group's first questions), else starts its own.
 * Questions are taken oldest first, so a group keeps its id while its first question is open.
 */
export function groupQuestions(cardId: number, items: readonly OpenItem[]): TUnansweredGroup[] {
  const ordered = [...items].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id,
  );
  const groups: Group[] = [];
  const byTerm = new Map<string, Group[]>();
  for (const item of ordered) {
    let best: Group | null = null;
    let bestScore = 0;
    const seen = new Set<Group>();
    for (const term of item.terms) {
      for (const group of byTerm.get(term) ?? []) {
        if (seen.has(group)) continue;
        seen.add(group);
        const score = matchScore(item.terms, group.samples);
        if (score > bestScore) {
          best = group;
          bestScore = score;
        }
      }
    }
    let group = best && bestScore >= SAME_QUESTION ? best : null;
    if (!group) {
      group = { key: groupKey(cardId, item.terms), members: [], samples: [] };
      groups.push(group);
    }
    group.members.push(item);
    if (group.samples.length < SAMPLES_PER_GROUP) {
      group.samples.push(item.terms);
      for (const term of item.terms) {
        const list = byTerm.get(term) ?? [];
        if (!list.includes(group)) list.push(group);
        byTerm.set(term, list);
      }
    }
  }
  return groups
    .map(describe)
    .sort((a, b) => b.activityAt - a.activityAt || a.id.localeCompare(b.id))
    .map(({ activityAt: _activityAt, ...group }) => group);
}
