import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  ArrowRight,
  BadgeCheck,
  BookOpenText,
  Brain,
  Cloud,
  FileSearch,
  Server,
  Sparkles,
  TriangleAlert,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import {
  ASSISTANT_CHOICES,
  type TAiProvider,
  type TAssistantStatus,
  type TBusinessCard,
} from '#shared/schemas/cards.ts';
import { PageContainer, PageHeader } from '../components/layout/app-layout.tsx';
import { WizardProgress } from '../components/wizard/wizard-progress.tsx';
import { MissingSession } from '../components/wizard/wizard-states.tsx';
import { Button } from '../components/ui/button.tsx';
import { Loading, Spinner } from '../components/ui/spinner.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { apiRequest, errorText, isApiError } from '../lib/api.ts';
import { preselectModel } from '../lib/cards/model-choice.ts';
import { cardKey, useAuthExpiredHandler } from '../lib/cards/queries.ts';
import { assistantStatusKey, useAssistantStatus } from '../lib/cards/use-assistant-status.ts';
import { useCardAnalysis } from '../lib/cards/use-card-analysis.ts';
import { useWizardIds } from '../lib/cards/wizard-ids.ts';
import { useCurrentUser } from '../lib/session.ts';
import { cn } from '../lib/utils.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const MODEL_ICONS = {
  local: FileSearch,
  openai: Sparkles,
  deepseek: Brain,
  qwen: Cloud,
  ollama: Server,
} as const;

/** A choice as this server has it: the built-in assistant is always ready. */
type ModelStatus =
  | (TAssistantStatus['models'][number] & { id: Exclude<TAiProvider, 'local'> })
  | { id: 'local'; ready: true; model?: undefined };

export default function AiModelSelectionPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('modelSelection.title'));
  const { cardId } = useWizardIds();
  return (
    <PageContainer>
      <PageHeader title={t('modelSelection.title')} description={t('modelSelection.subtitle')} />
      <WizardProgress step={3} next={t('wizard.next.model')} />
      {cardId === null ? <MissingSession /> : <ModelChoice cardId={cardId} />}
    </PageContainer>
  );
}

function ModelChoice({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { pathId, query } = useWizardIds();
  const handleAuthExpired = useAuthExpiredHandler();
  const { card, documents, processing, ready, analysis } = useCardAnalysis(cardId);
  const assistant = useAssistantStatus(cardId);
  const statusOf = (model: TAiProvider): ModelStatus | undefined =>
    model === 'local'
      ? { id: 'local', ready: true }
      : assistant.data?.models.find((m) => m.id === model);
  const [chosen, setChosen] = useState<TAiProvider | null>(null);
  const reported = useRef(false);
  const groupName = useId();

  const failed = card.isError && !(isApiError(card.error) && card.error.status === 404);
  // Without the card's data the defaults are used, and the user is told.
  useEffect(() => {
    if (!failed || reported.current) return;
    reported.current = true;
    toast({
      title: t('modelSelection.loadFailedTitle'),
      description: t('modelSelection.loadFailedText'),
      variant: 'destructive',
    });
  }, [failed, t]);

  const save = useMutation({
    mutationFn: (model: TAiProvider) =>
      apiRequest<TBusinessCard>('PUT', `/api/business-cards/${cardId}/ai-model`, {
        selectedAiModel: model,
      }),
    onSuccess: (updated) => {
      queryClient.setQueryData(cardKey(cardId), updated);
      void queryClient.invalidateQueries({ queryKey: assistantStatusKey(cardId) });
      toast({
        title: t('modelSelection.savedTitle'),
        description: t('modelSelection.savedText'),
        variant: 'success',
      });
      navigate(`/analysis/${pathId ?? cardId}${query}`);
    },
    onError: (error) => {
      if (handleAuthExpired(error)) return;
      toast({
        title: t('modelSelection.saveFailedTitle'),
        description: errorText(error, t('modelSelection.saveFailedText')),
        variant: 'destructive',
      });
    },
  });

  if (card.isPending) return <Loading />;
  if (card.isError && !failed) return <MissingSession />;

  // The server's recommendation: the built-in assistant when no model is set up here, else the
  // model the documents' analysis points to (shown once the analysis is there).
  // Without the server's answer, the card's own recommendation (or the default model).
  const recommended: TAiProvider | null =
    assistant.data?.recommended ?? (assistant.isError ? preselectModel(card.data) : null);
  const waiting = recommended !== 'local' && !analysis;
  const selected: TAiProvider = chosen ?? recommended ?? card.data?.selectedAiModel ?? 'local';

  return (
    <div className="grid grid-cols-1 gap-6">
      {waiting ? (
        <div
          className="flex items-start gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
          role="status"
          aria-live="polite"
          data-testid="analysis-waiting"
        >
          <Spinner size="small" className="mt-0.5" />
          <div className="grid gap-1 text-sm">
            <p className="font-medium text-slate-900">{t('modelSelection.processingTitle')}</p>
            <p className="text-slate-600">
              {processing
                ? t('modelSelection.processingText', { ready, total: documents.length })
                : t('modelSelection.analysingText')}
            </p>
          </div>
        </div>
      ) : null}

      <WhoAnswers />

      <fieldset className="grid min-w-0 gap-3">
        <legend className="mb-3 text-lg font-semibold text-slate-900">
          {t('modelSelection.chooseTitle')}
        </legend>
        <div className="grid gap-4 md:grid-cols-2">
          {ASSISTANT_CHOICES.map((model) => {
            const Icon = MODEL_ICONS[model];
            const checked = selected === model;
            const isRecommended = !waiting && recommended === model;
            return (
              <label
                key={model}
                data-testid={`model-option-${model}`}
                data-selected={checked}
                className={cn(
                  'relative grid cursor-pointer gap-3 rounded-xl border-2 bg-white p-5 shadow-sm transition-colors duration-150 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
                  checked
                    ? 'border-brand-600 bg-brand-50/40'
                    : 'border-slate-200 hover:border-slate-300',
                )}
              >
                <input
                  type="radio"
                  name={groupName}
                  value={model}
                  checked={checked}
                  onChange={() => setChosen(model)}
                  className="sr-only"
                />
                <div className="flex items-start justify-between gap-3">
                  <span className="flex items-center gap-3">
                    <span
                      className={cn(
                        'inline-flex size-10 items-center justify-center rounded-lg',
                        checked ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700',
                      )}
                    >
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    <span className="grid">
                      <span className="font-semibold text-slate-900">
                        {t(`modelSelection.models.${model}.name`)}
                      </span>
                      <span className="text-sm text-slate-600">
                        {t(`modelSelection.models.${model}.tagline`)}
                      </span>
                    </span>
                  </span>
                  {isRecommended ? (
                    <span
                      data-testid="recommended-badge"
                      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900"
                    >
                      <BadgeCheck aria-hidden="true" className="size-3.5" />
                      {t('modelSelection.recommended')}
                    </span>
                  ) : null}
                </div>
                <p className="text-sm text-slate-700">
                  <span className="font-medium text-slate-900">{t('modelSelection.bestFor')}</span>{' '}
                  {t(`modelSelection.models.${model}.bestFor`)}
                </p>
                <ModelReadiness status={statusOf(model)} />
              </label>
            );
          })}
        </div>
      </fieldset>

      <div
        className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950"
        data-testid="model-confirmation"
        aria-live="polite"
      >
        <BadgeCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
        <p>
          {t('modelSelection.confirmation', {
            model: t(`modelSelection.models.${selected}.name`),
          })}
        </p>
      </div>
      <NotSetUpWarning model={selected} status={statusOf(selected)} />

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Button asChild variant="outline">
          <Link href={`/document-upload/${pathId ?? cardId}${query}`}>
            <ArrowLeft aria-hidden="true" />
            {t('modelSelection.backToUpload')}
          </Link>
        </Button>
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <Button
            variant="ghost"
            disabled={save.isPending}
            data-testid="model-skip"
            onClick={() => navigate(`/analysis/${pathId ?? cardId}${query}`)}
          >
            {t('modelSelection.skip')}
          </Button>
          <Button
            disabled={save.isPending}
            data-testid="model-confirm"
            onClick={() => save.mutate(selected)}
          >
            {save.isPending ? <Spinner size="small" className="text-current" /> : null}
            {t('modelSelection.confirm')}
            {save.isPending ? null : <ArrowRight aria-hidden="true" />}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** What answers without a key, and what a model adds: said before the choice is made. */
function WhoAnswers() {
  const { t } = useTranslation();
  return (
    <section
      className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
      data-testid="model-engine-explanation"
      aria-labelledby="model-engine-title"
    >
      <BookOpenText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <div className="grid gap-1.5">
        <h2 id="model-engine-title" className="font-semibold text-slate-900">
          {t('modelSelection.engine.title')}
        </h2>
        <p className="text-slate-700">{t('modelSelection.engine.withoutKey')}</p>
        <p className="text-slate-700">{t('modelSelection.engine.withModel')}</p>
      </div>
    </section>
  );
}

/** Whether this server can call the model; how to set one up is the administrator's concern. */
function ModelReadiness({ status }: { status: ModelStatus | undefined }) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <p
      data-testid={`model-readiness-${status.id}`}
      data-ready={status.ready}
      className={cn('text-xs', status.ready ? 'text-emerald-800' : 'text-amber-800')}
    >
      {status.id === 'local'
        ? t('modelSelection.status.builtIn')
        : status.ready
          ? t('modelSelection.status.ready', { model: status.model })
          : t('modelSelection.status.notSetUp')}
    </p>
  );
}

/**
 * The chosen model cannot answer on this server: the choice is still saved, and the built-in
 * assistant answers (and says so) until the administrator sets the model up. Admins are shown
 * where the settings are.
 */
function NotSetUpWarning({
  model,
  status,
}: {
  model: TAiProvider;
  status: ModelStatus | undefined;
}) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  if (!status || status.ready) return null;
  return (
    <div
      role="status"
      data-testid="model-not-set-up"
      className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="grid gap-1">
        <p>{t('modelSelection.notSetUp', { model: t(`modelSelection.models.${model}.name`) })}</p>
        {user?.role === 'admin' ? (
          <p data-testid="model-admin-hint">
            {t('modelSelection.adminHint')}{' '}
            <Link
              href="/admin-panel"
              className="font-medium text-amber-950 underline underline-offset-2"
            >
              {t('modelSelection.adminLink')}
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
