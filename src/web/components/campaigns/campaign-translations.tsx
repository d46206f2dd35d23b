import { Plus, X } from 'lucide-react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_LIMITS } from '#shared/campaigns.ts';
import { LANGUAGES, type Language } from '#shared/limits.ts';
import { LANGUAGE_NAMES } from '#web/i18n/index.ts';
import { Button } from '../ui/button.tsx';
import { FormField, SERVER_ERROR_TYPE } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';

export interface TranslationDraft {
  title: string;
  message: string;
  actionText: string;
}

export type TranslationDrafts = Partial<Record<Language, TranslationDraft>>;

const serverError = (message: string | undefined): FieldError | undefined =>
  message ? { type: SERVER_ERROR_TYPE, message } : undefined;

/**
 * The campaign's message in the other interface languages: each visitor gets the text of their
 * own language, and a visitor whose language has none here gets the main text.
 */
export function CampaignTranslations({
  mainLanguage,
  value,
  onChange,
  hasAction,
  fields,
}: {
  mainLanguage: Language;
  value: TranslationDrafts;
  onChange: (next: TranslationDrafts) => void;
  /** Whether the main text has a button: then each translation may name it too. */
  hasAction: boolean;
  /** Server field errors, keyed like "translations.en.title". */
  fields: Record<string, string>;
}) {
  const { t } = useTranslation();
  const others = LANGUAGES.filter((language) => language !== mainLanguage);
  const set = (language: Language, patch: Partial<TranslationDraft>) =>
    onChange({ ...value, [language]: { ...value[language]!, ...patch } });
  const remove = (language: Language) => {
    const next = { ...value };
    delete next[language];
    onChange(next);
  };
  return (
    <fieldset
      className="grid gap-3 rounded-xl border border-slate-200 p-4"
      data-testid="campaign-translations"
    >
      <legend className="px-1 text-sm font-semibold text-slate-900">
        {t('campaigns.editor.otherLanguages')}
      </legend>
      <p className="text-xs text-slate-600">{t('campaigns.editor.otherLanguagesHint')}</p>
      {others.map((language) => {
        const text = value[language];
        const name = LANGUAGE_NAMES[language];
        if (!text) {
          return (
            <div key={language}>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() =>
                  onChange({ ...value, [language]: { title: '', message: '', actionText: '' } })
                }
              >
                <Plus aria-hidden="true" /> {t('campaigns.editor.addLanguage', { language: name })}
              </Button>
            </div>
          );
        }
        const error = (field: string) => serverError(fields[`translations.${language}.${field}`]);
        return (
          <div key={language} className="grid gap-3 rounded-lg bg-slate-50 p-3" lang={language}>
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-medium text-slate-800">
                {t('campaigns.editor.textIn', { language: name })}
              </p>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                onClick={() => remove(language)}
                aria-label={t('campaigns.editor.removeLanguage', { language: name })}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
            <FormField label={t('campaigns.editor.titleField')} error={error('title')}>
              <Input
                value={text.title}
                onChange={(event) => set(language, { title: event.target.value })}
                maxLength={CAMPAIGN_LIMITS.title}
                required
              />
            </FormField>
            <FormField label={t('campaigns.editor.message')} error={error('message')}>
              <textarea
                value={text.message}
                onChange={(event) => set(language, { message: event.target.value })}
                maxLength={CAMPAIGN_LIMITS.message}
                rows={3}
                required
                className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 hover:border-slate-400 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40"
              />
            </FormField>
            {hasAction ? (
              <FormField label={t('campaigns.editor.actionText')} error={error('actionText')}>
                <Input
                  value={text.actionText}
                  onChange={(event) => set(language, { actionText: event.target.value })}
                  maxLength={CAMPAIGN_LIMITS.actionText}
                />
              </FormField>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
