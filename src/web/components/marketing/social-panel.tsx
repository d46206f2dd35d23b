import { useMutation } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SOCIAL_CONTENT_TYPES,
  SOCIAL_TONES,
  type SocialContentType,
  type SocialPlatform,
  type SocialTone,
  type TranslationLanguage,
  type TSocialGenerateRequest,
  type TSocialGenerateResponse,
  ZSocialGenerateRequest,
} from '#shared/marketing/social.ts';
import { currentLanguage } from '#web/i18n/index.ts';
import { errorText } from '#web/lib/api.ts';
import { useAuthExpiredHandler, useCardDocuments } from '#web/lib/cards/queries.ts';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card.tsx';
import { FormField } from '../ui/form-field.tsx';
import { NativeSelect } from '../ui/native-select.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { toast } from '../ui/use-toast.ts';
import { generateSocialPost } from './social-api.ts';
import { LanguageChoice, SocialPosts } from './social-posts.tsx';

/** The platforms the social tab offers (the transformer adds WeChat Moments and Xiaohongshu). */
const TAB_PLATFORMS: SocialPlatform[] = ['linkedin', 'twitter', 'facebook', 'instagram'];

/**
 * The social media tab of /advanced-features/{id}: a post for one platform written from the
 * card's documents (all of them, or the ones ticked), within the platform's limit.
 */
export function SocialPanel({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const handleAuthExpired = useAuthExpiredHandler();
  const documents = useCardDocuments(cardId);
  const [platform, setPlatform] = useState<SocialPlatform>('linkedin');
  const [contentType, setContentType] = useState<SocialContentType>('post');
  const [tone, setTone] = useState<SocialTone>('professional');
  const [included, setIncluded] = useState<number[]>([]);
  const [result, setResult] = useState<TSocialGenerateResponse | null>(null);
  const [languages, setLanguages] = useState<TranslationLanguage[]>(() => [currentLanguage()]);
  const [triedEmpty, setTriedEmpty] = useState(false);
  const ready = (documents.data ?? []).filter((document) => document.status === 'ready');

  const request: TSocialGenerateRequest = {
    businessCardId: cardId,
    platform,
    contentType,
    tone,
    includedDocuments: included,
    languages,
  };
  // The route's own schema checks the form first (at least one language ticked).
  const checked = ZSocialGenerateRequest.safeParse(request);
  const languageError = checked.success
    ? undefined
    : checked.error.issues.find((issue) => issue.path[0] === 'languages')?.message;

  const generate = useMutation({
    mutationFn: () => generateSocialPost(request),
    onSuccess: (data) => setResult(data),
    onError: (error) => {
      if (handleAuthExpired(error)) return;
      toast({
        title: t('marketingText.social.failedTitle'),
        description: errorText(error, t('marketingText.social.failed')),
        variant: 'destructive',
      });
    },
  });

  const toggle = (id: number) =>
    setIncluded((list) => (list.includes(id) ? list.filter((item) => item !== id) : [...list, id]));

  return (
    <Card data-testid="social-panel">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Megaphone aria-hidden="true" className="size-5 text-brand-600" />
          {t('marketingText.social.title')}
        </CardTitle>
        <p className="text-sm text-slate-600">{t('marketingText.social.subtitle')}</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label={t('marketingText.social.platform')}>
            <NativeSelect
              value={platform}
              onChange={(event) => setPlatform(event.target.value as SocialPlatform)}
            >
              {TAB_PLATFORMS.map((item) => (
                <option key={item} value={item}>
                  {t(`marketingText.platforms.${item}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label={t('marketingText.social.contentType')}>
            <NativeSelect
              value={contentType}
              onChange={(event) => setContentType(event.target.value as SocialContentType)}
            >
              {SOCIAL_CONTENT_TYPES.map((item) => (
                <option key={item} value={item}>
                  {t(`marketingText.contentTypes.${item}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label={t('marketingText.social.tone')}>
            <NativeSelect
              value={tone}
              onChange={(event) => setTone(event.target.value as SocialTone)}
            >
              {SOCIAL_TONES.map((item) => (
                <option key={item} value={item}>
                  {t(`marketingText.socialTones.${item}`)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-900">
            {t('marketingText.social.documents')}
          </legend>
          {ready.length === 0 ? (
            <p className="text-sm text-slate-600">{t('marketingText.social.noDocuments')}</p>
          ) : (
            <>
              <p className="text-xs text-slate-600">{t('marketingText.social.documentsHint')}</p>
              {ready.map((document) => (
                <label key={document.id} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={included.includes(document.id)}
                    onChange={() => toggle(document.id)}
                  />
                  {document.fileName}
                </label>
              ))}
            </>
          )}
        </fieldset>
        <LanguageChoice
          value={languages}
          onChange={(next) => {
            setLanguages(next);
            setTriedEmpty(false);
          }}
          error={triedEmpty && languageError ? t(languageError) : undefined}
        />
        <div>
          <Button
            onClick={() => {
              if (!checked.success) return setTriedEmpty(true);
              generate.mutate();
            }}
            disabled={generate.isPending}
          >
            {generate.isPending ? <Spinner size="small" className="text-white" /> : null}
            {generate.isPending
              ? t('marketingText.social.generating')
              : t('marketingText.social.generate')}
          </Button>
        </div>
        {result ? (
          <SocialPosts result={result} platform={platform} cardId={cardId}>
            <p className="text-xs text-slate-600" data-testid="reach-not-measured">
              {t('marketingText.transformer.reachNotMeasured')}
            </p>
          </SocialPosts>
        ) : null}
      </CardContent>
    </Card>
  );
}
