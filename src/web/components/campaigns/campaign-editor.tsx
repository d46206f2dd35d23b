import { CalendarClock, Save, Send } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AUDIENCES,
  CAMPAIGN_LIMITS,
  type TAudience,
  type TCampaignCreate,
  type TTemplate,
} from '#shared/campaigns.ts';
import { LANGUAGES, type Language } from '#shared/limits.ts';
import { currentLanguage, LANGUAGE_NAMES } from '#web/i18n/index.ts';
import { errorText, isApiError } from '#web/lib/api.ts';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card.tsx';
import { FormField, SERVER_ERROR_TYPE } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { NativeSelect } from '../ui/native-select.tsx';
import { toast } from '../ui/use-toast.ts';
import { CampaignTranslations, type TranslationDrafts } from './campaign-translations.tsx';
import { useAudienceCount, useCreateCampaign } from './campaigns-api.ts';
import { PhonePreview } from './phone-preview.tsx';

export interface CardOption {
  id: number;
  label: string;
}

interface Draft {
  name: string;
  title: string;
  message: string;
  actionText: string;
  actionUrl: string;
  businessCardId: number;
  targetAudience: TAudience;
  scheduledAt: string;
  templateId: number | null;
  /** The language of the main text (the one visitors of other languages get by default). */
  language: Language;
  translations: TranslationDrafts;
}

const serverError = (message: string | undefined): FieldError | undefined =>
  message ? { type: SERVER_ERROR_TYPE, message } : undefined;

/** A campaign's text (from a template or typed), its card and audience, and when it goes out. */
export function CampaignEditor({
  cards,
  template,
}: {
  cards: CardOption[];
  /** The template last chosen in the list: its text fills the form. */
  template: TTemplate | null;
}) {
  const { t } = useTranslation();
  const empty: Draft = {
    name: '',
    title: '',
    message: '',
    actionText: '',
    actionUrl: '',
    businessCardId: cards[0]!.id,
    targetAudience: 'all',
    scheduledAt: '',
    templateId: null,
    language: currentLanguage(),
    translations: {},
  };
  const [draft, setDraft] = useState<Draft>(empty);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [appliedTemplate, setAppliedTemplate] = useState<TTemplate | null>(null);
  if (template && template !== appliedTemplate) {
    // Choosing a template fills the text (React's "adjust state on a prop change" pattern).
    setAppliedTemplate(template);
    setDraft((current) => ({
      ...current,
      name: current.name || template.name,
      title: template.title,
      message: template.message,
      actionText: template.actionText ?? '',
      actionUrl: template.actionUrl ?? '',
      templateId: template.id,
      // A template's text comes in the interface language.
      language: currentLanguage(),
    }));
  }
  const audience = useAudienceCount(draft.businessCardId, draft.targetAudience);
  const create = useCreateCampaign();

  const text =
    (key: 'name' | 'title' | 'message' | 'actionText' | 'actionUrl' | 'scheduledAt') =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setDraft((current) => ({ ...current, [key]: event.target.value }));

  const submit = (mode: 'draft' | 'schedule' | 'send') => {
    setFields({});
    const input: TCampaignCreate = {
      name: draft.name,
      title: draft.title,
      message: draft.message,
      actionText: draft.actionText,
      actionUrl: draft.actionUrl,
      businessCardId: draft.businessCardId,
      targetAudience: draft.targetAudience,
      templateId: draft.templateId,
      language: draft.language,
      translations: Object.fromEntries(
        Object.entries(draft.translations).filter(([language]) => language !== draft.language),
      ),
      scheduledAt:
        mode === 'schedule' && draft.scheduledAt ? new Date(draft.scheduledAt).toISOString() : null,
    };
    create.mutate(
      { input, sendNow: mode === 'send' },
      {
        onSuccess: (campaign) => {
          toast({
            variant: 'success',
            title:
              mode === 'send'
                ? t('campaigns.editor.sent', { count: campaign.sentCount })
                : mode === 'schedule'
                  ? t('campaigns.editor.scheduled')
                  : t('campaigns.editor.created'),
          });
          setDraft({ ...empty, businessCardId: draft.businessCardId });
          setAppliedTemplate(template);
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) setFields(error.fields);
          toast({ variant: 'destructive', title: errorText(error, t('errors.internal')) });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('campaigns.editor.heading')}</CardTitle>
        {draft.templateId && appliedTemplate ? (
          <p className="text-sm text-slate-600">
            {t('campaigns.editor.templateChosen', { name: appliedTemplate.name })}
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-[1fr_auto]">
        <form
          className="grid content-start gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit('draft');
          }}
          data-testid="campaign-editor"
        >
          <FormField label={t('campaigns.editor.name')} error={serverError(fields.name)}>
            <Input
              value={draft.name}
              onChange={text('name')}
              maxLength={CAMPAIGN_LIMITS.name}
              placeholder={t('campaigns.editor.namePlaceholder')}
              required
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('campaigns.editor.card')}>
              <NativeSelect
                value={String(draft.businessCardId)}
                onChange={(event) =>
                  setDraft((current) => ({
                    ...current,
                    businessCardId: Number(event.target.value),
                  }))
                }
              >
                {cards.map((card) => (
                  <option key={card.id} value={card.id}>
                    {card.label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField
              label={t('campaigns.editor.audience')}
              hint={
                audience.data !== undefined
                  ? t('campaigns.editor.audienceCount', { count: audience.data })
                  : undefined
              }
            >
              <NativeSelect
                value={draft.targetAudience}
                onChange={(event) =>
                  setDraft((current) => ({
                    ...current,
                    targetAudience: event.target.value as TAudience,
                  }))
                }
              >
                {AUDIENCES.map((value) => (
                  <option key={value} value={value}>
                    {t(`campaigns.audience.${value}`)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <FormField label={t('campaigns.editor.language')} className="max-w-xs">
            <NativeSelect
              value={draft.language}
              onChange={(event) =>
                setDraft((current) => ({ ...current, language: event.target.value as Language }))
              }
              data-testid="campaign-language"
            >
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label={t('campaigns.editor.titleField')} error={serverError(fields.title)}>
            <Input
              value={draft.title}
              onChange={text('title')}
              maxLength={CAMPAIGN_LIMITS.title}
              required
            />
          </FormField>
          <FormField label={t('campaigns.editor.message')} error={serverError(fields.message)}>
            <textarea
              value={draft.message}
              onChange={text('message')}
              maxLength={CAMPAIGN_LIMITS.message}
              rows={4}
              required
              className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 hover:border-slate-400 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40"
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={t('campaigns.editor.actionText')}
              error={serverError(fields.actionText)}
            >
              <Input
                value={draft.actionText}
                onChange={text('actionText')}
                maxLength={CAMPAIGN_LIMITS.actionText}
              />
            </FormField>
            <FormField
              label={t('campaigns.editor.actionUrl')}
              error={serverError(fields.actionUrl)}
            >
              <Input
                type="url"
                value={draft.actionUrl}
                onChange={text('actionUrl')}
                placeholder="https://"
              />
            </FormField>
          </div>
          <CampaignTranslations
            mainLanguage={draft.language}
            value={draft.translations}
            onChange={(translations) => setDraft((current) => ({ ...current, translations }))}
            hasAction={Boolean(draft.actionText)}
            fields={fields}
          />
          <FormField
            label={t('campaigns.editor.schedule')}
            hint={t('campaigns.editor.scheduleHint')}
            error={serverError(fields.scheduledAt)}
          >
            <Input
              type="datetime-local"
              value={draft.scheduledAt}
              onChange={text('scheduledAt')}
              className="max-w-xs"
            />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="outline" disabled={create.isPending}>
              <Save aria-hidden="true" /> {t('campaigns.editor.saveDraft')}
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={create.isPending || !draft.scheduledAt}
              onClick={() => submit('schedule')}
            >
              <CalendarClock aria-hidden="true" /> {t('campaigns.editor.scheduleButton')}
            </Button>
            <Button type="button" disabled={create.isPending} onClick={() => submit('send')}>
              <Send aria-hidden="true" /> {t('campaigns.editor.sendNow')}
            </Button>
          </div>
        </form>
        <div className="grid content-start justify-items-center gap-2">
          <h3 className="text-sm font-semibold text-slate-700">{t('campaigns.editor.preview')}</h3>
          <PhonePreview title={draft.title} message={draft.message} actionText={draft.actionText} />
        </div>
      </CardContent>
    </Card>
  );
}
