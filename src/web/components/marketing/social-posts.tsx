import { Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isLocalPostLanguage,
  LANGUAGE_NATIVE_NAMES,
  TRANSLATION_LANGUAGES,
  type SocialPlatform,
  type TranslationLanguage,
  type TSocialGenerateResponse,
} from '#shared/marketing/social.ts';
import { Button } from '../ui/button.tsx';
import { useCopy } from './social-api.ts';
import { ProviderNotice } from './social-provider-notice.tsx';

/*
 * The languages of a social post: the ticks on the form (English, Simplified and Traditional
 * Chinese written here; the others marked as needing a provider), and the answer shown per
 * language, with the languages left unwritten named.
 */

export function LanguageChoice({
  value,
  onChange,
  error,
}: {
  value: TranslationLanguage[];
  onChange: (next: TranslationLanguage[]) => void;
  error?: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const toggle = (language: TranslationLanguage) =>
    onChange(
      value.includes(language)
        ? value.filter((item) => item !== language)
        : TRANSLATION_LANGUAGES.filter((item) => item === language || value.includes(item)),
    );
  return (
    <fieldset className="grid gap-2" aria-describedby="social-languages-hint">
      <legend className="mb-1 text-sm font-medium text-slate-900">
        {t('marketingText.social.languages')}
      </legend>
      <p id="social-languages-hint" className="text-xs text-slate-600">
        {t('marketingText.social.languagesHint')}
      </p>
      <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-4">
        {TRANSLATION_LANGUAGES.map((language) => (
          <label
            key={language}
            className="flex min-h-11 items-center gap-2 text-sm"
            lang={language}
          >
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={value.includes(language)}
              onChange={() => toggle(language)}
              data-testid={`social-language-${language}`}
            />
            <span className="grid leading-tight">
              <span>{LANGUAGE_NATIVE_NAMES[language]}</span>
              {isLocalPostLanguage(language) ? null : (
                <span className="text-xs text-slate-500" lang={i18n.language}>
                  {t('marketingText.social.needsProviderBadge')}
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function SocialPosts({
  result,
  platform,
  cardId,
  children,
}: {
  result: TSocialGenerateResponse;
  platform: SocialPlatform;
  cardId: number;
  /** Notes shown under the posts. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const copy = useCopy();
  const names = (languages: readonly TranslationLanguage[]) =>
    languages.map((language) => LANGUAGE_NATIVE_NAMES[language]).join(', ');
  return (
    <div className="grid gap-3" data-testid="social-result">
      {result.posts.map((post) => (
        <section
          key={post.id}
          className="grid gap-3 rounded-xl border border-slate-200 p-4"
          data-testid={`social-post-${post.language}`}
          aria-label={LANGUAGE_NATIVE_NAMES[post.language]}
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-medium text-slate-900">
              {LANGUAGE_NATIVE_NAMES[post.language]} · {t(`marketingText.platforms.${platform}`)}
            </h3>
            <span className="text-xs text-slate-600" data-testid="char-count">
              {t('marketingText.common.charCount', {
                count: post.charCount,
                limit: result.charLimit.toLocaleString(),
              })}
            </span>
          </div>
          <p className="text-sm whitespace-pre-wrap text-slate-800" lang={post.language}>
            {post.content}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            {post.hashtags.map((tag) => (
              <span
                key={tag}
                className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800"
              >
                {tag}
              </span>
            ))}
          </div>
          <div>
            <Button variant="outline" size="sm" onClick={() => void copy(post.content)}>
              <Copy aria-hidden="true" />
              {t('marketingText.common.copy')}
            </Button>
          </div>
        </section>
      ))}
      {result.needsProvider.length > 0 ? (
        <ProviderNotice
          cardId={cardId}
          message={t('marketingText.social.needsProvider', {
            languages: names(result.needsProvider),
          })}
        />
      ) : null}
      {result.providerFailed.length > 0 ? (
        <p role="alert" className="text-sm text-red-700">
          {t('marketingText.social.providerFailed', { languages: names(result.providerFailed) })}
        </p>
      ) : null}
      {children}
    </div>
  );
}
