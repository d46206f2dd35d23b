import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, RotateCcw, Save, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LANDING_LIMITS,
  type TLandingContent,
  type TLandingContentResponse,
  type TLocalizedText,
} from '#shared/landing.ts';
import { LANGUAGES } from '#shared/limits.ts';
import { LANGUAGE_NAMES } from '#web/i18n/index.ts';
import { apiRequest, errorText, isApiError } from '#web/lib/api.ts';
import { LANDING_CONTENT_KEY, useLandingContent } from '#web/lib/landing/queries.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { Loading } from '../ui/spinner.tsx';
import { toast } from '../ui/use-toast.ts';
import { refreshAdminData } from './queries.ts';

const blank = (): TLocalizedText => ({ en: '', 'zh-CN': '', 'zh-TW': '' });

const textareaClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 hover:border-slate-400 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40';

/** One text in the three interface languages, each with its own labelled box. */
function LocalizedFields({
  id,
  label,
  value,
  onChange,
  maxLength,
  multiline = false,
  error,
}: {
  id: string;
  label: string;
  value: TLocalizedText;
  onChange: (next: TLocalizedText) => void;
  maxLength: number;
  multiline?: boolean;
  error?: string;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-900">{label}</legend>
      <div className={multiline ? 'grid gap-2' : 'grid gap-2 md:grid-cols-3'}>
        {LANGUAGES.map((language) => {
          const fieldId = `${id}-${language}`;
          const change = (text: string) => onChange({ ...value, [language]: text });
          return (
            <div key={language} className="grid gap-1">
              <Label htmlFor={fieldId} className="text-xs text-slate-600">
                {LANGUAGE_NAMES[language]}
              </Label>
              {multiline ? (
                <textarea
                  id={fieldId}
                  lang={language}
                  rows={2}
                  value={value[language]}
                  maxLength={maxLength}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) => change(event.target.value)}
                  className={textareaClass}
                />
              ) : (
                <Input
                  id={fieldId}
                  lang={language}
                  value={value[language]}
                  maxLength={maxLength}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) => change(event.target.value)}
                />
              )}
            </div>
          );
        })}
      </div>
      {error ? (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The landing page's editable content: promises, testimonials and the closing text, saved as a
 * whole (like the trade fairs). Empty lists hide their section; "back to the defaults" forgets
 * the saved content.
 */
export function LandingTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const landing = useLandingContent();
  const [draft, setDraft] = useState<TLandingContent | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (landing.data && draft === null) setDraft(landing.data.content);
  }, [landing.data, draft]);

  const afterChange = (saved: TLandingContentResponse, title: string, description: string) => {
    setErrors({});
    setDraft(saved.content);
    queryClient.setQueryData(LANDING_CONTENT_KEY, saved);
    void refreshAdminData(queryClient);
    toast({ title, description, variant: 'success' });
  };
  const onError = (error: Error) => {
    setErrors(isApiError(error) && error.fields ? error.fields : {});
    toast({
      title: t('admin.landing.failed'),
      description: errorText(error, t('general.errorTitle')),
      variant: 'destructive',
    });
  };
  const save = useMutation({
    mutationFn: (content: TLandingContent) =>
      apiRequest<TLandingContentResponse>('PUT', '/api/admin/landing-content', content),
    onSuccess: (saved) =>
      afterChange(saved, t('admin.landing.saved'), t('admin.landing.savedText')),
    onError,
  });
  const reset = useMutation({
    mutationFn: () => apiRequest<TLandingContentResponse>('DELETE', '/api/admin/landing-content'),
    onSuccess: (saved) =>
      afterChange(saved, t('admin.landing.saved'), t('admin.landing.resetDone')),
    onError,
  });

  if (landing.isError) {
    return (
      <p className="text-red-700" role="alert">
        {errorText(landing.error, t('admin.loadFailed'))}
      </p>
    );
  }
  if (!landing.data || draft === null) return <Loading />;

  const change = (patch: Partial<TLandingContent>) => setDraft({ ...draft, ...patch });
  const busy = save.isPending || reset.isPending;

  return (
    <section
      className="grid gap-6"
      aria-labelledby="admin-landing-heading"
      data-testid="admin-landing"
    >
      <div className="grid gap-1">
        <h2 id="admin-landing-heading" className="text-base font-semibold text-slate-900">
          {t('admin.landing.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('admin.landing.text')}</p>
        {landing.data.isDefault ? (
          <p className="text-sm font-medium text-slate-800" data-testid="admin-landing-default">
            {t('admin.landing.isDefault')}
          </p>
        ) : null}
      </div>

      <section className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <div>
          <h3 className="font-semibold text-slate-900">{t('admin.landing.promises')}</h3>
          <p className="text-sm text-slate-600">{t('admin.landing.promisesHint')}</p>
        </div>
        {draft.promises.length === 0 ? (
          <p className="text-sm text-slate-600">{t('admin.landing.noPromises')}</p>
        ) : null}
        <ol className="grid gap-4">
          {draft.promises.map((promise, index) => (
            <li
              key={index}
              className="grid gap-2 border-t border-slate-100 pt-3 first:border-0 first:pt-0"
            >
              <LocalizedFields
                id={`promise-${index}`}
                label={t('admin.landing.promiseLabel', { number: index + 1 })}
                value={promise}
                maxLength={LANDING_LIMITS.promise}
                error={errors[`promises.${index}`]}
                onChange={(next) =>
                  change({ promises: draft.promises.map((p, i) => (i === index ? next : p)) })
                }
              />
              <div className="flex justify-end">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => change({ promises: draft.promises.filter((_, i) => i !== index) })}
                  aria-label={`${t('admin.landing.remove')}: ${t('admin.landing.promiseLabel', { number: index + 1 })}`}
                >
                  <Trash2 aria-hidden="true" />
                  {t('admin.landing.remove')}
                </Button>
              </div>
            </li>
          ))}
        </ol>
        {draft.promises.length < LANDING_LIMITS.promises ? (
          <div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => change({ promises: [...draft.promises, blank()] })}
            >
              <Plus aria-hidden="true" />
              {t('admin.landing.addPromise')}
            </Button>
          </div>
        ) : null}
      </section>

      <section className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <div>
          <h3 className="font-semibold text-slate-900">{t('admin.landing.testimonials')}</h3>
          <p className="text-sm text-slate-600">{t('admin.landing.testimonialsHint')}</p>
        </div>
        {draft.testimonials.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="admin-landing-no-testimonials">
            {t('admin.landing.noTestimonials')}
          </p>
        ) : null}
        <ol className="grid gap-4">
          {draft.testimonials.map((item, index) => {
            const label = t('admin.landing.testimonialLabel', { number: index + 1 });
            const update = (patch: Partial<typeof item>) =>
              change({
                testimonials: draft.testimonials.map((x, i) =>
                  i === index ? { ...x, ...patch } : x,
                ),
              });
            return (
              <li
                key={index}
                className="grid gap-3 border-t border-slate-100 pt-3 first:border-0 first:pt-0"
              >
                <h4 className="text-sm font-semibold text-slate-800">{label}</h4>
                <LocalizedFields
                  id={`quote-${index}`}
                  label={t('admin.landing.quote')}
                  value={item.quote}
                  multiline
                  maxLength={LANDING_LIMITS.quote}
                  error={errors[`testimonials.${index}.quote`]}
                  onChange={(quote) => update({ quote })}
                />
                <div className="grid max-w-sm gap-1.5">
                  <Label htmlFor={`name-${index}`}>{t('admin.landing.name')}</Label>
                  <Input
                    id={`name-${index}`}
                    value={item.name}
                    maxLength={LANDING_LIMITS.name}
                    required
                    aria-invalid={errors[`testimonials.${index}.name`] ? true : undefined}
                    onChange={(event) => update({ name: event.target.value })}
                  />
                  {errors[`testimonials.${index}.name`] ? (
                    <p className="text-sm text-red-700" role="alert">
                      {errors[`testimonials.${index}.name`]}
                    </p>
                  ) : null}
                </div>
                <LocalizedFields
                  id={`role-${index}`}
                  label={t('admin.landing.role')}
                  value={item.role}
                  maxLength={LANDING_LIMITS.role}
                  onChange={(role) => update({ role })}
                />
                <div className="flex justify-end">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() =>
                      change({ testimonials: draft.testimonials.filter((_, i) => i !== index) })
                    }
                    aria-label={`${t('admin.landing.remove')}: ${label}`}
                  >
                    <Trash2 aria-hidden="true" />
                    {t('admin.landing.remove')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
        {draft.testimonials.length < LANDING_LIMITS.testimonials ? (
          <div>
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                change({
                  testimonials: [
                    ...draft.testimonials,
                    { quote: blank(), name: '', role: blank() },
                  ],
                })
              }
            >
              <Plus aria-hidden="true" />
              {t('admin.landing.addTestimonial')}
            </Button>
          </div>
        ) : null}
      </section>

      <section className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <LocalizedFields
          id="cta"
          label={t('admin.landing.cta')}
          value={draft.cta}
          multiline
          maxLength={LANDING_LIMITS.cta}
          onChange={(cta) => change({ cta })}
        />
      </section>

      <div className="flex flex-wrap justify-between gap-2">
        <Button
          variant="outline"
          onClick={() => reset.mutate()}
          disabled={busy || landing.data.isDefault}
        >
          <RotateCcw aria-hidden="true" />
          {t('admin.landing.reset')}
        </Button>
        <Button onClick={() => save.mutate(draft)} disabled={busy} data-testid="admin-landing-save">
          <Save aria-hidden="true" />
          {save.isPending ? t('admin.landing.saving') : t('admin.landing.save')}
        </Button>
      </div>
    </section>
  );
}
