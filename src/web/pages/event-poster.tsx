import { useMutation } from '@tanstack/react-query';
import { ImageIcon, Layers, Sparkles, Trash2, Upload } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  COLOR_SCHEMES,
  CUSTOM_PROMPT_MAX,
  EVENT_TYPES,
  POSTER_STYLES,
  REFERENCE_IMAGE_MAX_BYTES,
  type TColorScheme,
  type TPoster,
  type TPosterForm,
} from '#shared/marketing/poster.ts';
import { PageContainer, PageHeader } from '#web/components/layout/app-layout.tsx';
import {
  ChoiceButtons,
  PosterTemplatePicker,
  TEXTAREA_CLASS,
} from '#web/components/marketing/poster-choices.tsx';
import { PosterDetail, PosterVersions } from '#web/components/marketing/poster-preview.tsx';
import {
  generatePoster,
  generatePosterVariations,
  usePosters,
  usePosterTemplates,
} from '#web/components/marketing/poster-queries.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Loading, Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorText, isApiError } from '#web/lib/api.ts';
import { useCards } from '#web/lib/cards/queries.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { BackLink } from '#web/components/layout/back-link.tsx';

interface FormState {
  eventTitle: string;
  eventType: string;
  eventDate: string;
  eventLocation: string;
  eventDescription: string;
  targetAudience: string;
  style: (typeof POSTER_STYLES)[number];
  colorScheme: TColorScheme;
  customColors: [string, string, string];
  includeCompanyBranding: boolean;
  customPrompt: string;
  businessCardId: number | null;
  templateId: string | undefined;
}

const INITIAL: FormState = {
  eventTitle: '',
  eventType: '',
  eventDate: '',
  eventLocation: '',
  eventDescription: '',
  targetAudience: '',
  style: 'modern',
  colorScheme: 'vibrant',
  customColors: ['#1d4ed8', '#f59e0b', '#f8fafc'],
  includeCompanyBranding: true,
  customPrompt: '',
  businessCardId: null,
  templateId: undefined,
};

const REQUIRED = ['eventTitle', 'eventType', 'eventDate', 'eventLocation'] as const;

function Field({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** A reference picture kept next to the form (images only, at most 5 MB). */
function ReferenceImage() {
  const { t } = useTranslation();
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({
        title: t('posters.page.fileType'),
        description: t('posters.page.fileTypeText'),
        variant: 'destructive',
      });
      return;
    }
    if (file.size > REFERENCE_IMAGE_MAX_BYTES) {
      toast({
        title: t('posters.page.fileTooLarge'),
        description: t('posters.page.fileTooLargeText'),
        variant: 'destructive',
      });
      return;
    }
    setPreview(URL.createObjectURL(file));
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t('posters.page.referenceImage')}</Label>
      {preview ? (
        <div className="flex items-center gap-3">
          <img src={preview} alt="" className="size-20 rounded-lg object-cover" />
          <Button variant="outline" size="sm" onClick={() => setPreview(null)}>
            <Trash2 aria-hidden="true" />
            {t('posters.page.removeImage')}
          </Button>
        </div>
      ) : (
        <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-dashed border-slate-300 px-3 text-sm text-slate-700 hover:border-brand-400">
          <Upload aria-hidden="true" className="size-4" />
          <input
            id={id}
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          {t('posters.page.referenceHint')}
        </label>
      )}
    </div>
  );
}

export default function EventPosterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('posters.page.title'));
  const ids = {
    title: useId(),
    type: useId(),
    date: useId(),
    location: useId(),
    description: useId(),
    audience: useId(),
    prompt: useId(),
    card: useId(),
    branding: useId(),
  };
  const cards = useCards();
  const templates = usePosterTemplates();
  const [form, setForm] = useState<FormState>(INITIAL);
  const [posters, setPosters] = useState<TPoster[]>([]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const cardList = cards.data ?? [];
  const cardId = form.businessCardId ?? cardList[0]?.id ?? null;
  const history = usePosters(cardId);

  const payload = (): TPosterForm | null => {
    if (REQUIRED.some((key) => !form[key].trim())) {
      toast({
        title: t('posters.incompleteTitle'),
        description: t('posters.incomplete'),
        variant: 'destructive',
      });
      return null;
    }
    if (cardId === null) {
      toast({ title: t('posters.page.noCards'), variant: 'destructive' });
      return null;
    }
    return {
      eventTitle: form.eventTitle,
      eventType: form.eventType,
      eventDate: form.eventDate,
      eventLocation: form.eventLocation,
      eventDescription: form.eventDescription || undefined,
      targetAudience: form.targetAudience || undefined,
      style: form.style,
      colorScheme: form.colorScheme,
      customColors: form.colorScheme === 'custom' ? form.customColors : [],
      includeCompanyBranding: form.includeCompanyBranding,
      customPrompt: form.customPrompt || undefined,
      businessCardId: cardId,
      templateId: form.templateId,
    };
  };

  const failed = (fallback: string) => (error: unknown) => {
    if (isApiError(error) && error.status === 401) return;
    toast({
      title: t('posters.page.errorTitle'),
      description: errorText(error, fallback),
      variant: 'destructive',
    });
  };
  const single = useMutation({
    mutationFn: generatePoster,
    onSuccess: (poster) => {
      void history.refetch();
      setPosters([poster]);
      setSelectedId(poster.id);
      toast({ title: t('posters.page.generated') });
    },
    onError: failed(t('posters.page.failed')),
  });
  const many = useMutation({
    mutationFn: generatePosterVariations,
    onSuccess: ({ posters: list }) => {
      void history.refetch();
      setPosters(list);
      setSelectedId(list[0]?.id ?? null);
      toast({ title: t('posters.page.generatedMany', { count: list.length }) });
    },
    onError: failed(t('posters.page.failedMany')),
  });
  const busy = single.isPending || many.isPending;
  const selected = posters.find((poster) => poster.id === selectedId) ?? posters[0];

  return (
    <PageContainer width="wide">
      <BackLink label={t('posters.page.back')} />
      <PageHeader title={t('posters.page.title')} description={t('posters.page.subtitle')} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <form
          className="grid content-start gap-6"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const body = payload();
            if (body) single.mutate(body);
          }}
        >
          <Card>
            <CardContent className="grid gap-4 p-4">
              {templates.data ? (
                <PosterTemplatePicker
                  templates={templates.data}
                  selectedId={form.templateId}
                  onSelect={(template) =>
                    setForm((current) => ({
                      ...current,
                      templateId: template.id,
                      style: template.style,
                      colorScheme: template.colorScheme,
                    }))
                  }
                />
              ) : (
                <Loading />
              )}
              <ReferenceImage />
            </CardContent>
          </Card>

          <Card>
            <CardContent className="grid gap-4 p-4">
              <h2 className="text-lg font-semibold text-slate-900">
                {t('posters.page.eventInfo')}
              </h2>
              <Field label={t('posters.page.eventTitle')} id={ids.title}>
                <Input
                  id={ids.title}
                  value={form.eventTitle}
                  maxLength={120}
                  required
                  onChange={(event) => set('eventTitle', event.target.value)}
                />
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label={t('posters.page.eventType')} id={ids.type}>
                  <NativeSelect
                    id={ids.type}
                    value={form.eventType}
                    required
                    onChange={(event) => set('eventType', event.target.value)}
                  >
                    <option value="">{t('posters.page.chooseType')}</option>
                    {EVENT_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`posters.eventTypes.${type}`)}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <Field label={t('posters.page.eventDate')} id={ids.date}>
                  <Input
                    id={ids.date}
                    type="date"
                    value={form.eventDate}
                    required
                    onChange={(event) => set('eventDate', event.target.value)}
                  />
                </Field>
              </div>
              <Field label={t('posters.page.eventLocation')} id={ids.location}>
                <Input
                  id={ids.location}
                  value={form.eventLocation}
                  maxLength={120}
                  required
                  onChange={(event) => set('eventLocation', event.target.value)}
                />
              </Field>
              <Field label={t('posters.page.eventDescription')} id={ids.description}>
                <textarea
                  id={ids.description}
                  className={TEXTAREA_CLASS}
                  value={form.eventDescription}
                  maxLength={1000}
                  onChange={(event) => set('eventDescription', event.target.value)}
                />
              </Field>
              <Field label={t('posters.page.targetAudience')} id={ids.audience}>
                <Input
                  id={ids.audience}
                  value={form.targetAudience}
                  maxLength={200}
                  onChange={(event) => set('targetAudience', event.target.value)}
                />
              </Field>
            </CardContent>
          </Card>

          <Card>
            <CardContent className="grid gap-4 p-4">
              <ChoiceButtons
                legend={t('posters.page.style')}
                options={POSTER_STYLES}
                value={form.style}
                onChange={(style) => set('style', style)}
                labelKey={(style) => `posters.styles.${style}`}
                testId="poster-styles"
              />
              <ChoiceButtons
                legend={t('posters.page.colorScheme')}
                options={COLOR_SCHEMES}
                value={form.colorScheme}
                onChange={(scheme) => set('colorScheme', scheme)}
                labelKey={(scheme) => `posters.schemes.${scheme}`}
                testId="poster-schemes"
              />
              {form.colorScheme === 'custom' ? (
                <fieldset className="flex flex-wrap gap-4">
                  <legend className="mb-2 text-sm font-medium text-slate-900">
                    {t('posters.page.customColors')}
                  </legend>
                  {(['colorPrimary', 'colorAccent', 'colorBackground'] as const).map(
                    (key, index) => (
                      <label key={key} className="flex items-center gap-2 text-sm text-slate-700">
                        <input
                          type="color"
                          className="h-10 w-12 cursor-pointer rounded border border-slate-300"
                          value={form.customColors[index]}
                          onChange={(event) => {
                            const colors = [...form.customColors] as FormState['customColors'];
                            colors[index] = event.target.value;
                            set('customColors', colors);
                          }}
                        />
                        {t(`posters.page.${key}`)}
                      </label>
                    ),
                  )}
                </fieldset>
              ) : null}
              <details className="rounded-lg border border-slate-200 p-3">
                <summary className="cursor-pointer text-sm font-medium text-slate-900">
                  {t('posters.page.customPrompt')}
                </summary>
                <div className="mt-3 grid gap-1.5">
                  <Label htmlFor={ids.prompt} className="sr-only">
                    {t('posters.page.customPrompt')}
                  </Label>
                  <textarea
                    id={ids.prompt}
                    className={TEXTAREA_CLASS}
                    value={form.customPrompt}
                    maxLength={CUSTOM_PROMPT_MAX}
                    onChange={(event) =>
                      set('customPrompt', event.target.value.slice(0, CUSTOM_PROMPT_MAX))
                    }
                  />
                  <p className="flex justify-between gap-2 text-xs text-slate-600">
                    <span>{t('posters.page.customPromptHint')}</span>
                    <span data-testid="prompt-counter">
                      {t('posters.page.promptCounter', { count: form.customPrompt.length })}
                    </span>
                  </p>
                </div>
              </details>
              <label htmlFor={ids.branding} className="flex min-h-11 items-center gap-3 text-sm">
                <input
                  id={ids.branding}
                  type="checkbox"
                  role="switch"
                  className="size-5 accent-brand-600"
                  checked={form.includeCompanyBranding}
                  onChange={(event) => set('includeCompanyBranding', event.target.checked)}
                />
                {t('posters.page.branding')}
              </label>
              <Field label={t('posters.page.card')} id={ids.card}>
                {cards.isSuccess && cardList.length === 0 ? (
                  <p className="text-sm text-slate-700">
                    {t('posters.page.noCards')}{' '}
                    <Link href="/user-details" className="font-medium text-brand-700 underline">
                      {t('posters.page.createCard')}
                    </Link>
                  </p>
                ) : (
                  <NativeSelect
                    id={ids.card}
                    value={cardId ?? ''}
                    onChange={(event) => set('businessCardId', Number(event.target.value))}
                  >
                    {cardList.map((card) => (
                      <option key={card.id} value={card.id}>
                        {card.companyName || `#${card.id}`}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
              <div className="flex flex-wrap gap-3">
                <Button type="submit" disabled={busy} data-testid="generate-poster">
                  {single.isPending ? (
                    <Spinner size="small" className="text-current" />
                  ) : (
                    <Sparkles aria-hidden="true" />
                  )}
                  {single.isPending ? t('posters.page.generating') : t('posters.page.generate')}
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  disabled={busy}
                  data-testid="generate-versions"
                  onClick={() => {
                    const body = payload();
                    if (body) many.mutate(body);
                  }}
                >
                  {many.isPending ? (
                    <Spinner size="small" className="text-current" />
                  ) : (
                    <Layers aria-hidden="true" />
                  )}
                  {many.isPending ? t('posters.page.generating') : t('posters.page.generateMany')}
                </Button>
              </div>
            </CardContent>
          </Card>
        </form>

        <section aria-live="polite" className="lg:sticky lg:top-4 lg:self-start">
          {selected ? (
            <>
              <PosterVersions posters={posters} selectedId={selected.id} onSelect={setSelectedId} />
              <PosterDetail poster={selected} />
            </>
          ) : (
            <>
              <EmptyState
                icon={ImageIcon}
                title={t('posters.page.emptyTitle')}
                text={t('posters.page.emptyText')}
                action={null}
                testId="poster-empty"
              />
              {history.data && history.data.length > 0 ? (
                <section aria-labelledby="poster-history" className="mt-4">
                  <h2 id="poster-history" className="mb-2 text-sm font-semibold text-slate-700">
                    {t('posters.page.history')}
                  </h2>
                  <ul className="flex gap-3 overflow-x-auto pb-1">
                    {history.data.slice(0, 12).map((poster) => (
                      <li key={poster.id} className="shrink-0">
                        <button
                          type="button"
                          onClick={() => {
                            setPosters([poster]);
                            setSelectedId(poster.id);
                          }}
                          className="block w-20 cursor-pointer overflow-hidden rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
                        >
                          <img
                            src={poster.imageUrl}
                            alt={t('posters.page.imageAlt', { title: poster.title })}
                            className="aspect-[4/5] w-full object-cover"
                          />
                        </button>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
            </>
          )}
        </section>
      </div>
    </PageContainer>
  );
}
