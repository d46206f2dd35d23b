import { useMutation } from '@tanstack/react-query';
import { Download, Globe2, Languages, Sparkles, Target, TrendingUp, Wand2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGE_NATIVE_NAMES,
  MAX_SOCIAL_TEXT,
  SOCIAL_PLATFORMS,
  TRANSLATION_LANGUAGES,
  type SocialPlatform,
  type TranslationLanguage,
  type TTransformation,
} from '#shared/marketing/social.ts';
import { PageContainer, PageHeader } from '#web/components/layout/app-layout.tsx';
import {
  businessSummary,
  downloadText,
  needsProvider,
  transformContent,
  translateText,
} from '#web/components/marketing/social-api.ts';
import { CardPicker } from '#web/components/marketing/social-card-picker.tsx';
import { ProviderNotice } from '#web/components/marketing/social-provider-notice.tsx';
import { TransformationCard } from '#web/components/marketing/social-result.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorText } from '#web/lib/api.ts';
import { useAuthExpiredHandler, useCards } from '#web/lib/cards/queries.ts';
import { cn } from '#web/lib/utils.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { BackLink } from '#web/components/layout/back-link.tsx';

/** A checkbox shown as a chip (platforms, languages). */
function Chip({
  checked,
  onChange,
  children,
  lang,
}: {
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
  lang?: string;
}) {
  return (
    <label
      lang={lang}
      className={cn(
        'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm transition-colors duration-150 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500',
        checked
          ? 'border-brand-600 bg-brand-50 text-brand-900'
          : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400',
      )}
    >
      <input type="checkbox" className="sr-only" checked={checked} onChange={onChange} />
      {children}
    </label>
  );
}

function toggled<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((value) => value !== item) : [...list, item];
}

/**
 * /social-transformer: choose a card (its AI-enhanced text fills the editor), edit, choose the
 * platforms and languages, convert, translate (with a language model), copy and download.
 */
export default function SocialTransformerPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('marketingText.transformer.title'));
  const handleAuthExpired = useAuthExpiredHandler();
  const cards = useCards();
  const [cardId, setCardId] = useState<number | null>(null);
  const [content, setContent] = useState('');
  const [contentError, setContentError] = useState<string | null>(null);
  const [platforms, setPlatforms] = useState<SocialPlatform[]>([...SOCIAL_PLATFORMS]);
  const [languages, setLanguages] = useState<TranslationLanguage[]>(['zh-CN']);
  const [results, setResults] = useState<TTransformation[]>([]);
  const [providerMessage, setProviderMessage] = useState<string | null>(null);

  const enhance = useMutation({
    mutationFn: (id: number) => businessSummary(id),
    onSuccess: (data) => setContent(data.enhancedContent),
    onError: (error, id) => {
      if (handleAuthExpired(error)) return;
      const card = cards.data?.find((item) => item.id === id);
      const basic = [
        card?.companyName,
        card?.contactPerson,
        card?.phone,
        card?.email,
        card?.website,
      ]
        .filter(Boolean)
        .join('\n');
      setContent(basic);
      toast({
        title: t('marketingText.transformer.basicLoaded'),
        description: errorText(error, ''),
      });
    },
  });

  const chooseCard = (id: number | null) => {
    setCardId(id);
    if (id !== null) {
      setContent('');
      enhance.mutate(id);
    }
  };

  const convert = useMutation({
    mutationFn: () =>
      transformContent({
        content,
        platforms,
        ...(cardId !== null ? { businessCardId: cardId } : {}),
      }),
    onSuccess: (data) => {
      setResults(data.transformations);
      setProviderMessage(null);
    },
    onError: (error) => {
      if (handleAuthExpired(error)) return;
      toast({
        title: t('marketingText.transformer.convertFailed'),
        description: errorText(error, t('marketingText.common.tryAgain')),
        variant: 'destructive',
      });
    },
  });

  const targets = languages.filter((language) => language !== 'zh-CN');

  const translate = useMutation({
    mutationFn: async () => {
      const next = results.map((item) => ({ ...item, translations: { ...item.translations } }));
      for (const item of next) {
        for (const language of targets) {
          const { translatedText } = await translateText({
            text: item.content,
            targetLanguage: language,
            platform: 'social_media',
            ...(cardId !== null ? { businessCardId: cardId } : {}),
            ...(item.id !== null ? { contentId: item.id } : {}),
          });
          item.translations[language] = translatedText;
        }
        setResults([...next]);
      }
      return next;
    },
    onSuccess: () => setProviderMessage(null),
    onError: (error) => {
      if (handleAuthExpired(error)) return;
      if (needsProvider(error)) {
        setProviderMessage(errorText(error, t('marketingText.provider.title')));
        return;
      }
      toast({
        title: t('marketingText.transformer.translateFailed'),
        description: errorText(error, t('marketingText.common.tryAgain')),
        variant: 'destructive',
      });
    },
  });

  const onConvert = () => {
    if (!content.trim()) {
      setContentError(t('marketingText.validation.contentRequired'));
      toast({ title: t('marketingText.validation.contentRequired'), variant: 'destructive' });
      return;
    }
    if (platforms.length === 0) {
      toast({ title: t('marketingText.validation.platformRequired'), variant: 'destructive' });
      return;
    }
    setContentError(null);
    convert.mutate();
  };

  const onTranslate = () => {
    if (results.length === 0) {
      toast({
        title: t('marketingText.transformer.translateNeedsResults'),
        variant: 'destructive',
      });
      return;
    }
    if (targets.length === 0) {
      toast({ title: t('marketingText.transformer.noTranslationNeeded') });
      return;
    }
    translate.mutate();
  };

  const downloadAll = () =>
    downloadText(
      'social-posts.txt',
      results
        .map((item) =>
          [
            `## ${t(`marketingText.platforms.${item.platform}`)}`,
            item.content,
            ...Object.entries(item.translations).map(([lang, text]) => `\n[${lang}]\n${text}`),
          ].join('\n'),
        )
        .join('\n\n'),
    );

  const features = [
    { icon: Globe2, key: 'multiPlatform' },
    { icon: Languages, key: 'languages' },
    { icon: Target, key: 'targeting' },
    { icon: TrendingUp, key: 'optimization' },
  ] as const;

  return (
    <PageContainer width="wide">
      <BackLink label={t('marketingText.common.back')} />
      <PageHeader
        title={t('marketingText.transformer.title')}
        description={t('marketingText.transformer.subtitle')}
      />
      <ul className="mb-6 flex flex-wrap gap-2">
        {features.map(({ icon: Icon, key }) => (
          <li
            key={key}
            className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-700"
          >
            <Icon aria-hidden="true" className="size-4 text-brand-600" />
            {t(`marketingText.transformer.features.${key}`)}
          </li>
        ))}
      </ul>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card>
          <CardContent className="grid gap-5 p-4 sm:p-6">
            <CardPicker value={cardId} onChange={chooseCard} />
            <div className="grid gap-1.5">
              <label htmlFor="social-content" className="text-sm font-medium text-slate-900">
                {t('marketingText.transformer.content')}
              </label>
              <textarea
                id="social-content"
                value={content}
                maxLength={MAX_SOCIAL_TEXT}
                onChange={(event) => {
                  setContent(event.target.value);
                  setContentError(null);
                }}
                placeholder={
                  enhance.isPending
                    ? t('marketingText.transformer.loadingEnhanced')
                    : t('marketingText.transformer.placeholder')
                }
                aria-invalid={contentError ? true : undefined}
                aria-describedby={contentError ? 'social-content-error' : 'social-content-count'}
                rows={10}
                className="w-full rounded-lg border border-slate-300 p-3 text-sm text-slate-900 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40"
              />
              <div className="flex justify-between text-xs text-slate-600">
                {contentError ? (
                  <span id="social-content-error" className="text-red-700">
                    {contentError}
                  </span>
                ) : (
                  <span>
                    {enhance.isPending ? t('marketingText.transformer.loadingEnhanced') : ''}
                  </span>
                )}
                <span id="social-content-count">
                  {[...content].length}/{MAX_SOCIAL_TEXT}
                </span>
              </div>
            </div>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-900">
                {t('marketingText.transformer.platforms')}
              </legend>
              <div className="flex flex-wrap gap-2">
                {SOCIAL_PLATFORMS.map((platform) => (
                  <Chip
                    key={platform}
                    checked={platforms.includes(platform)}
                    onChange={() => setPlatforms((list) => toggled(list, platform))}
                  >
                    {t(`marketingText.platforms.${platform}`)}
                  </Chip>
                ))}
              </div>
            </fieldset>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-900">
                {t('marketingText.transformer.languages')}
              </legend>
              <div className="flex flex-wrap gap-2">
                {TRANSLATION_LANGUAGES.map((language) => (
                  <Chip
                    key={language}
                    lang={language}
                    checked={languages.includes(language)}
                    onChange={() => setLanguages((list) => toggled(list, language))}
                  >
                    {LANGUAGE_NATIVE_NAMES[language]}
                  </Chip>
                ))}
              </div>
            </fieldset>
            <div className="flex flex-wrap gap-2">
              <Button onClick={onConvert} disabled={convert.isPending}>
                {convert.isPending ? (
                  <Spinner size="small" className="text-white" />
                ) : (
                  <Wand2 aria-hidden="true" />
                )}
                {convert.isPending
                  ? t('marketingText.transformer.converting')
                  : t('marketingText.transformer.convert')}
              </Button>
              {results.length > 0 && targets.length > 0 ? (
                <Button variant="secondary" onClick={onTranslate} disabled={translate.isPending}>
                  {translate.isPending ? (
                    <Spinner size="small" />
                  ) : (
                    <Languages aria-hidden="true" />
                  )}
                  {translate.isPending
                    ? t('marketingText.transformer.translating')
                    : t('marketingText.transformer.translate')}
                </Button>
              ) : null}
            </div>
          </CardContent>
        </Card>

        <section
          aria-labelledby="social-results-title"
          className="grid min-w-0 grid-cols-1 content-start gap-4"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="social-results-title" className="text-lg font-semibold text-slate-900">
              {t('marketingText.transformer.results')}
            </h2>
            {results.length > 0 ? (
              <Button variant="outline" size="sm" onClick={downloadAll}>
                <Download aria-hidden="true" />
                {t('marketingText.transformer.downloadAll')}
              </Button>
            ) : null}
          </div>
          {providerMessage ? <ProviderNotice message={providerMessage} cardId={cardId} /> : null}
          {results.length === 0 ? (
            <div className="grid place-items-center gap-2 rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">
              <Sparkles aria-hidden="true" className="size-6 text-brand-600" />
              {t('marketingText.transformer.empty')}
            </div>
          ) : (
            results.map((item) => (
              <TransformationCard key={`${item.platform}-${item.id}`} item={item} />
            ))
          )}
        </section>
      </div>
    </PageContainer>
  );
}
