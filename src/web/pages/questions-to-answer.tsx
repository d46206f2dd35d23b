import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CheckCheck,
  Inbox,
  MessageCircleQuestion,
  MessageSquareText,
  PencilLine,
  Plus,
  Trash2,
} from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { TOwnerAnswer, TUnansweredGroup } from '#shared/schemas/answers.ts';
import type { TBusinessCard } from '#shared/schemas/cards.ts';
import { AnswerDialog, type AnswerDraft } from '../components/answers/answer-dialog.tsx';
import { QuestionGroup } from '../components/answers/question-group.tsx';
import { StatTiles } from '../components/analytics/stat-tile.tsx';
import { CardNotFound, CardPageHeader } from '../components/cards/card-page.tsx';
import { PageContainer } from '../components/layout/app-layout.tsx';
import { isNumericId } from '../components/routing/route-params.tsx';
import { Button } from '../components/ui/button.tsx';
import { ConfirmDeleteDialog } from '../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { Label } from '../components/ui/label.tsx';
import { NativeSelect } from '../components/ui/native-select.tsx';
import { RetryAlert } from '../components/ui/retry-alert.tsx';
import { Loading, Spinner } from '../components/ui/spinner.tsx';
import { toast } from '../components/ui/use-toast.ts';
import {
  deleteAnswer,
  refreshAnswerQueries,
  useOwnerAnswers,
  useUnanswered,
  useUnansweredCounts,
} from '../lib/answers/queries.ts';
import { errorText, isApiError } from '../lib/api.ts';
import { useAuthExpiredHandler, useCards } from '../lib/cards/queries.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * /questions-to-answer?businessCardId={id}: what buyers asked that the assistant declined or
 * that they rated 👎, grouped, with the exhibitor's answers beside it. Without a card id the
 * card with the most questions waiting is shown (the dashboard's link).
 */
export default function QuestionsToAnswerPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('questions.title'));
  const search = useSearch();
  const requested = new URLSearchParams(search).get('businessCardId') ?? undefined;
  const [, navigate] = useLocation();
  const cards = useCards();
  const counts = useUnansweredCounts();

  const chosen = useMemo(() => {
    if (requested !== undefined) return isNumericId(requested) ? Number(requested) : null;
    const list = cards.data ?? [];
    if (list.length === 0) return undefined;
    const busiest = [...(counts.data?.cards ?? [])].sort((a, b) => b.count - a.count)[0];
    return busiest && busiest.count > 0 ? busiest.businessCardId : list[0]!.id;
  }, [requested, cards.data, counts.data]);

  useEffect(() => {
    if (requested !== undefined && !isNumericId(requested)) {
      toast({
        title: t('questions.missingCardTitle'),
        description: t('questions.missingCardText'),
        variant: 'destructive',
      });
      navigate('/questions-to-answer', { replace: true });
    }
  }, [requested, navigate, t]);

  if (chosen === null || cards.isPending || (requested === undefined && counts.isPending))
    return <Loading fullPage />;
  if (chosen === undefined) return <NoCards />;
  return (
    <QuestionsScreen
      cardId={chosen}
      cards={cards.data ?? []}
      countOf={(id) => counts.data?.cards.find((card) => card.businessCardId === id)?.count ?? 0}
      onChooseCard={(id) => navigate(`/questions-to-answer?businessCardId=${id}`)}
    />
  );
}

function cardName(card: TBusinessCard | undefined, untitled: string): string {
  return card?.companyName ?? card?.user.companyName ?? card?.contactPerson ?? untitled;
}

function QuestionsScreen({
  cardId,
  cards,
  countOf,
  onChooseCard,
}: {
  cardId: number;
  cards: TBusinessCard[];
  countOf: (cardId: number) => number;
  onChooseCard: (cardId: number) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const handleAuthExpired = useAuthExpiredHandler();
  const groups = useUnanswered(cardId);
  const answers = useOwnerAnswers(cardId);
  const [draft, setDraft] = useState<AnswerDraft | null>(null);
  const [deleting, setDeleting] = useState<TOwnerAnswer | null>(null);
  const pickerId = useId();
  const card = cards.find((candidate) => candidate.id === cardId);

  const remove = useMutation({
    mutationFn: (answer: TOwnerAnswer) => deleteAnswer(cardId, answer.id),
    onSuccess: () => toast({ title: t('questions.deletedTitle'), variant: 'success' }),
    onError: (error) => {
      if (handleAuthExpired(error)) return;
      toast({
        title: t('questions.deleteFailedTitle'),
        description: errorText(error, t('general.tryAgain')),
        variant: 'destructive',
      });
    },
    onSettled: () => refreshAnswerQueries(queryClient, cardId),
  });

  const missing =
    (isApiError(groups.error) && groups.error.status === 404) ||
    (isApiError(answers.error) && answers.error.status === 404);
  if (missing) return <QuestionsCardNotFound />;

  const pages = groups.data?.pages ?? [];
  const list = pages.flatMap((page) => page.groups);
  const total = pages[0]?.total ?? 0;
  const saved = answers.data ?? [];
  const used = saved.reduce((sum, answer) => sum + answer.timesUsed, 0);
  const answer = (group: TUnansweredGroup) =>
    setDraft({ kind: 'new', question: group.question, groupId: group.id, groupCount: group.count });

  return (
    <PageContainer width="wide">
      <CardPageHeader
        cardId={cardId}
        icon={MessageCircleQuestion}
        title={t('questions.title')}
        subtitle={t('questions.subtitle', {
          card: cardName(card, t('questions.untitledCard', { id: cardId })),
        })}
        subtitleClassName="max-w-3xl"
        testIdPrefix="questions"
        backLabel={t('questions.backToCard')}
      />

      {cards.length > 1 ? (
        <div className="mb-6 grid max-w-sm gap-1.5">
          <Label htmlFor={pickerId}>{t('questions.cardPicker')}</Label>
          <NativeSelect
            id={pickerId}
            value={String(cardId)}
            onChange={(event) => onChooseCard(Number(event.target.value))}
            data-testid="questions-card-picker"
          >
            {cards.map((option) => (
              <option key={option.id} value={option.id}>
                {t('questions.cardOption', {
                  card: cardName(option, t('questions.untitledCard', { id: option.id })),
                  count: countOf(option.id),
                })}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}

      <StatTiles
        tiles={[
          {
            testId: 'questions-open',
            icon: Inbox,
            label: t('questions.statOpen'),
            value: groups.isPending ? '…' : String(total),
          },
          {
            testId: 'questions-answers',
            icon: MessageSquareText,
            label: t('questions.statAnswers'),
            value: answers.isPending ? '…' : String(saved.length),
          },
          {
            testId: 'questions-used',
            icon: CheckCheck,
            label: t('questions.statUsed'),
            value: answers.isPending ? '…' : String(used),
          },
        ]}
      />

      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="open-questions-heading" className="min-w-0">
          <h2 id="open-questions-heading" className="mb-4 text-lg font-semibold text-slate-900">
            {t('questions.listTitle')}
          </h2>
          {groups.isPending ? (
            <Loading />
          ) : groups.isError ? (
            <LoadFailed onRetry={() => void groups.refetch()} />
          ) : list.length === 0 ? (
            <EmptyState
              icon={MessageCircleQuestion}
              title={t('questions.emptyTitle')}
              text={t('questions.emptyText')}
              testId="questions-empty"
              className="py-12"
              action={
                <Button onClick={() => setDraft({ kind: 'new', question: '' })}>
                  <Plus aria-hidden="true" />
                  {t('questions.emptyAction')}
                </Button>
              }
            />
          ) : (
            <>
              <ul className="grid gap-3" data-testid="question-groups">
                {list.map((group) => (
                  <QuestionGroup key={group.id} group={group} onAnswer={answer} />
                ))}
              </ul>
              {groups.hasNextPage ? (
                <div className="mt-4 flex justify-center">
                  <Button
                    variant="outline"
                    onClick={() => void groups.fetchNextPage()}
                    disabled={groups.isFetchingNextPage}
                    data-testid="questions-more"
                  >
                    {groups.isFetchingNextPage ? <Spinner size="small" /> : null}
                    {t('questions.showMore')}
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </section>

        <section
          aria-labelledby="answers-heading"
          className="grid min-w-0 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="answers-heading" className="text-lg font-semibold text-slate-900">
              {t('questions.answersTitle')}
            </h2>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setDraft({ kind: 'new', question: '' })}
              data-testid="answers-add"
            >
              <Plus aria-hidden="true" />
              {t('questions.addAnswer')}
            </Button>
          </div>
          {answers.isPending ? (
            <Loading />
          ) : answers.isError ? (
            <LoadFailed onRetry={() => void answers.refetch()} />
          ) : saved.length === 0 ? (
            <p className="text-sm text-slate-600" data-testid="answers-empty">
              {t('questions.answersEmpty')}
            </p>
          ) : (
            <ul className="grid gap-3" data-testid="owner-answers">
              {saved.map((item) => (
                <SavedAnswer
                  key={item.id}
                  answer={item}
                  onEdit={() => setDraft({ kind: 'edit', answer: item })}
                  onDelete={() => setDeleting(item)}
                />
              ))}
            </ul>
          )}
        </section>
      </div>

      <AnswerDialog cardId={cardId} draft={draft} onClose={() => setDraft(null)} />

      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
        }}
        title={t('questions.deleteTitle')}
        description={t('questions.deleteText', { question: deleting?.question ?? '' })}
        confirmLabel={t('questions.deleteConfirm')}
        testId="answer-delete-dialog"
        confirmTestId="answer-delete-confirm"
      />
    </PageContainer>
  );
}

function SavedAnswer({
  answer,
  onEdit,
  onDelete,
}: {
  answer: TOwnerAnswer;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li
      className="grid gap-2 border-b border-slate-100 pb-3 last:border-0 last:pb-0"
      data-testid="owner-answer"
    >
      <p className="font-medium break-words text-slate-900">{answer.question}</p>
      <p className="text-sm break-words whitespace-pre-wrap text-slate-700">{answer.answer}</p>
      {answer.variants.length > 0 ? (
        <p className="text-xs break-words text-slate-600">
          {t('questions.alsoAnswers', {
            wordings: answer.variants.map((v) => `“${v}”`).join(', '),
          })}
        </p>
      ) : null}
      <p className="text-xs text-slate-600" data-testid="owner-answer-usage">
        {t('questions.usage', {
          count: answer.timesUsed,
          up: answer.ratedUp,
          down: answer.ratedDown,
        })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={onEdit}
          aria-label={t('questions.editLabel', { question: answer.question })}
        >
          <PencilLine aria-hidden="true" />
          {t('questions.edit')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={onDelete}
          aria-label={t('questions.deleteLabel', { question: answer.question })}
        >
          <Trash2 aria-hidden="true" />
          {t('questions.delete')}
        </Button>
      </div>
    </li>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <RetryAlert variant="warning" message={t('questions.loadFailed')} onRetry={onRetry} />;
}

function NoCards() {
  const { t } = useTranslation();
  return (
    <PageContainer width="default">
      <EmptyState
        icon={MessageCircleQuestion}
        title={t('questions.noCardsTitle')}
        text={t('questions.noCardsText')}
        testId="questions-no-cards"
        action={
          <Button asChild>
            <Link href="/user-details">
              <Plus aria-hidden="true" />
              {t('questions.noCardsAction')}
            </Link>
          </Button>
        }
      />
    </PageContainer>
  );
}

function QuestionsCardNotFound() {
  const { t } = useTranslation();
  return (
    <CardNotFound
      title={t('questions.notFoundTitle')}
      text={t('questions.notFoundText')}
      backLabel={t('questions.backToCards')}
      testId="questions-not-found"
    />
  );
}
