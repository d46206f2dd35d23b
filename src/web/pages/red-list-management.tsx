import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Info, ListChecks, Plus, ShieldAlert } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { TRedListKeyword } from '#shared/schemas/chat.ts';
import { CardNotFound, CardPageHeader } from '../components/cards/card-page.tsx';
import { PageContainer } from '../components/layout/app-layout.tsx';
import { AssistantNotice } from '../components/redlist/assistant-notice.tsx';
import { KeywordForm, type KeywordFormData } from '../components/redlist/keyword-form.tsx';
import { KeywordRow } from '../components/redlist/keyword-row.tsx';
import {
  createKeyword,
  deleteKeyword,
  redListKey,
  sortKeywords,
  updateKeyword,
  useRedList,
} from '../components/redlist/red-list-queries.ts';
import { isNumericId } from '../components/routing/route-params.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { ConfirmDeleteDialog } from '../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { RetryAlert } from '../components/ui/retry-alert.tsx';
import { Loading } from '../components/ui/spinner.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { errorText, isApiError } from '../lib/api.ts';
import { useAuthExpiredHandler, useCard } from '../lib/cards/queries.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * /red-list-management?businessCardId={id}: the owner's keywords whose answers must cite a
 * document or be declined. Without a valid card id: back to /my-cards with a toast.
 */
export default function RedListManagementPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('redList.title'));
  const search = useSearch();
  const id = new URLSearchParams(search).get('businessCardId') ?? undefined;
  const valid = isNumericId(id);
  const [, navigate] = useLocation();
  const redirected = useRef(false);

  useEffect(() => {
    if (valid || redirected.current) return;
    redirected.current = true;
    toast({
      title: t('redList.missingCardTitle'),
      description: t('redList.missingCardText'),
      variant: 'destructive',
    });
    navigate('/my-cards', { replace: true });
  }, [valid, navigate, t]);

  if (!valid) return <Loading fullPage />;
  return <RedListScreen cardId={Number(id)} />;
}

function RedListScreen({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const handleAuthExpired = useAuthExpiredHandler();
  const card = useCard(cardId);
  const keywords = useRedList(cardId);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<TRedListKeyword | null>(null);
  const [focusAdd, setFocusAdd] = useState(0);
  const key = redListKey(cardId);

  const setList = (change: (list: TRedListKeyword[]) => TRedListKeyword[]) =>
    queryClient.setQueryData<TRedListKeyword[]>(key, (list) => sortKeywords(change(list ?? [])));

  const failed = (title: string) => (error: unknown) => {
    if (handleAuthExpired(error)) return;
    toast({
      title,
      description: errorText(error, t('general.tryAgain')),
      variant: 'destructive',
    });
  };

  const toggle = useMutation({
    mutationFn: ({ keyword, isActive }: { keyword: TRedListKeyword; isActive: boolean }) =>
      updateKeyword(keyword, { isActive }),
    onMutate: async ({ keyword, isActive }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TRedListKeyword[]>(key);
      setList((list) => list.map((k) => (k.id === keyword.id ? { ...k, isActive } : k)));
      return { previous };
    },
    onSuccess: (updated) => setList((list) => list.map((k) => (k.id === updated.id ? updated : k))),
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      failed(t('redList.toggleFailedTitle'))(error);
    },
  });

  const remove = useMutation({
    mutationFn: (keyword: TRedListKeyword) => deleteKeyword(keyword.id),
    onSuccess: (_result, keyword) => {
      setList((list) => list.filter((k) => k.id !== keyword.id));
      toast({ title: t('redList.deletedTitle'), variant: 'success' });
    },
    onError: failed(t('redList.deleteFailedTitle')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  const add = async (data: KeywordFormData) => {
    const created = await createKeyword(cardId, {
      ...data,
      description: data.description || undefined,
    });
    setList((list) => [...list.filter((k) => k.id !== created.id), created]);
    toast({ title: t('redList.addedTitle'), variant: 'success' });
    void queryClient.invalidateQueries({ queryKey: key });
  };

  const save = (keyword: TRedListKeyword) => async (data: KeywordFormData) => {
    const updated = await updateKeyword(keyword, {
      keyword: data.keyword,
      category: data.category,
      description: data.description ?? '',
    });
    setList((list) => list.map((k) => (k.id === updated.id ? updated : k)));
    setEditingId(null);
    toast({ title: t('redList.savedTitle'), variant: 'success' });
  };

  const cardMissing = isApiError(card.error) && card.error.status === 404;
  const listMissing = isApiError(keywords.error) && keywords.error.status === 404;
  if (cardMissing || listMissing) return <RedListCardNotFound />;

  const cardName =
    card.data?.companyName ??
    card.data?.user.companyName ??
    card.data?.contactPerson ??
    t('redList.untitledCard', { id: cardId });
  const list = keywords.data ?? [];
  const active = list.filter((k) => k.isActive).length;

  return (
    <PageContainer width="wide">
      <CardPageHeader
        cardId={cardId}
        icon={ShieldAlert}
        title={t('redList.title')}
        subtitle={t('redList.subtitle', { card: cardName })}
        testIdPrefix="red-list"
        backLabel={t('redList.backToCard')}
      />

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StatTile
          icon={<ListChecks aria-hidden="true" />}
          label={t('redList.statTotal')}
          value={keywords.isPending ? '…' : String(list.length)}
          testId="red-list-total"
        />
        <StatTile
          icon={<CircleCheck aria-hidden="true" />}
          label={t('redList.statActive')}
          value={keywords.isPending ? '…' : String(active)}
          testId="red-list-active"
        />
        <AssistantNotice cardId={cardId} className="sm:col-span-2" />
      </div>

      <Alert variant="info" className="mt-4" data-testid="red-list-explainer">
        <Info aria-hidden="true" />
        <div className="grid gap-0.5">
          <p className="font-medium">{t('redList.explainTitle')}</p>
          <p>{t('redList.explainText')}</p>
        </div>
      </Alert>

      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <section
          aria-labelledby="add-keyword-heading"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-20"
        >
          <h2 id="add-keyword-heading" className="mb-4 text-lg font-semibold text-slate-900">
            {t('redList.addTitle')}
          </h2>
          <KeywordForm
            submitLabel={t('redList.add')}
            pendingLabel={t('redList.adding')}
            submitIcon={<Plus aria-hidden="true" />}
            onSubmit={add}
            onFailed={failed(t('redList.addFailedTitle'))}
            resetOnSuccess
            focusSignal={focusAdd}
            testIdPrefix="keyword-add"
          />
        </section>

        <section aria-labelledby="keywords-heading" className="min-w-0">
          <h2 id="keywords-heading" className="mb-4 text-lg font-semibold text-slate-900">
            {t('redList.listTitle')}
          </h2>
          {keywords.isPending ? (
            <Loading />
          ) : keywords.isError ? (
            <RetryAlert
              variant="warning"
              message={t('redList.loadFailed')}
              onRetry={() => void keywords.refetch()}
            />
          ) : list.length === 0 ? (
            <NoKeywordsYet onAdd={() => setFocusAdd((n) => n + 1)} />
          ) : (
            <ul className="grid gap-3" data-testid="keyword-list">
              {list.map((keyword) => (
                <KeywordRow
                  key={keyword.id}
                  keyword={keyword}
                  editing={editingId === keyword.id}
                  onEdit={() => setEditingId(keyword.id)}
                  onCancelEdit={() => setEditingId(null)}
                  onSave={save(keyword)}
                  onSaveFailed={failed(t('redList.saveFailedTitle'))}
                  onToggle={(isActive) => toggle.mutate({ keyword, isActive })}
                  toggling={toggle.isPending && toggle.variables.keyword.id === keyword.id}
                  onDelete={() => setDeleting(keyword)}
                />
              ))}
            </ul>
          )}
        </section>
      </div>

      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
        }}
        title={t('redList.deleteTitle')}
        description={t('redList.deleteText', { keyword: deleting?.keyword ?? '' })}
        confirmLabel={t('redList.deleteConfirm')}
        testId="keyword-delete-dialog"
        confirmTestId="keyword-delete-confirm"
      />
    </PageContainer>
  );
}

function StatTile({
  icon,
  label,
  value,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  testId: string;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="flex items-center gap-2 text-sm text-slate-600 [&>svg]:size-4 [&>svg]:text-brand-700">
        {icon}
        {label}
      </p>
      <p className="mt-1 text-2xl font-semibold tracking-tight text-slate-900" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

function NoKeywordsYet({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={ShieldAlert}
      title={t('redList.emptyTitle')}
      text={t('redList.emptyText')}
      testId="red-list-empty"
      className="py-12"
      action={
        <Button onClick={onAdd} data-testid="red-list-empty-add">
          <Plus aria-hidden="true" />
          {t('redList.emptyAction')}
        </Button>
      }
    />
  );
}

function RedListCardNotFound() {
  const { t } = useTranslation();
  return (
    <CardNotFound
      title={t('redList.notFoundTitle')}
      text={t('redList.notFoundText')}
      backLabel={t('redList.backToCards')}
      testId="red-list-not-found"
    />
  );
}
