import { MessageCircleReply, MessagesSquare, ThumbsDown, FileSearch } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TUnansweredGroup } from '#shared/schemas/answers.ts';
import { fullTimeText, relativeTimeText } from '#web/lib/notifications/display.ts';
import { cn } from '#web/lib/utils.ts';
import { Button } from '../ui/button.tsx';

/** Conversations linked per group; the rest are counted. */
const SHOWN_CONVERSATIONS = 6;

/**
 * One group of the list: the question as asked most, why it is here, how often and when, the
 * other wordings and languages, links to the conversations, and the one action: answer it.
 */
export function QuestionGroup({
  group,
  onAnswer,
}: {
  group: TUnansweredGroup;
  onAnswer: (group: TUnansweredGroup) => void;
}) {
  const { t, i18n } = useTranslation();
  const headingId = `group-${group.id}`;
  const unhelpful = group.reason === 'unhelpful';
  const ReasonIcon = unhelpful ? ThumbsDown : FileSearch;
  const others = group.examples.filter((example) => example !== group.question);
  return (
    <li
      aria-labelledby={headingId}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="question-group"
      data-group-id={group.id}
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span
          className={cn(
            'inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold',
            unhelpful ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700',
          )}
          data-testid="group-reason"
        >
          <ReasonIcon aria-hidden="true" className="size-3.5" />
          {t(`questions.reason.${group.reason}`)}
        </span>
        <span className="font-medium text-slate-700" data-testid="group-count">
          {t('questions.asked', { count: group.count })}
        </span>
        <span className="text-slate-600">
          ·{' '}
          <time dateTime={group.lastAskedAt} title={fullTimeText(group.lastAskedAt, i18n.language)}>
            {t('questions.lastAsked', {
              time: relativeTimeText(group.lastAskedAt, i18n.language, t),
            })}
          </time>
        </span>
      </div>
      <h3
        id={headingId}
        className="text-base font-semibold break-words text-slate-900 sm:text-lg"
        data-testid="group-question"
      >
        {group.question}
      </h3>
      {others.length > 0 ? (
        <div className="grid gap-1">
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            {t('questions.examples')}
          </p>
          <ul className="grid gap-1 text-sm text-slate-700" data-testid="group-examples">
            {others.map((example) => (
              <li key={example} className="break-words">
                “{example}”
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <dl className="grid gap-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-4">
        <dt className="text-slate-600">{t('questions.languages')}</dt>
        <dd className="flex flex-wrap gap-1" data-testid="group-languages">
          {group.languages.map((language) => (
            <span
              key={language}
              lang={language}
              className="rounded-md bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800"
            >
              {t(`questions.language.${language}`, { defaultValue: language })}
            </span>
          ))}
        </dd>
        <dt className="text-slate-600">{t('questions.conversations')}</dt>
        <dd className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {group.conversationIds.slice(0, SHOWN_CONVERSATIONS).map((id, index) => (
            <Link
              key={id}
              href={`/conversations/${id}`}
              aria-label={t('questions.conversationLabel', { number: index + 1 })}
              className="inline-flex min-h-8 items-center gap-1 text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
              data-testid="group-conversation"
            >
              <MessagesSquare aria-hidden="true" className="size-3.5" />
              {t('questions.conversation', { number: index + 1 })}
            </Link>
          ))}
          {group.conversationIds.length > SHOWN_CONVERSATIONS ? (
            <span className="text-slate-600">
              +{group.conversationIds.length - SHOWN_CONVERSATIONS}
            </span>
          ) : null}
        </dd>
      </dl>
      <div>
        <Button
          onClick={() => onAnswer(group)}
          aria-label={t('questions.answerLabel', { question: group.question })}
          data-testid="group-answer"
        >
          <MessageCircleReply aria-hidden="true" />
          {t('questions.answer')}
        </Button>
      </div>
    </li>
  );
}
