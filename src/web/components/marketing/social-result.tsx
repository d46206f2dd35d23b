import { Copy, Download, Image as ImageIcon, Text } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGE_NATIVE_NAMES,
  type TranslationLanguage,
  type TTransformation,
} from '#shared/marketing/social.ts';
import { Button } from '../ui/button.tsx';
import { Card, CardContent } from '../ui/card.tsx';
import { downloadText, useCopy } from './social-api.ts';

/** One platform's version: the text, its count against the limit, tags, best time (no reach: unmeasured). */
export function TransformationCard({ item }: { item: TTransformation }) {
  const { t } = useTranslation();
  const copy = useCopy();
  const platformName = t(`marketingText.platforms.${item.platform}`);
  const translations = Object.entries(item.translations);
  return (
    <Card data-testid={`result-${item.platform}`}>
      <CardContent className="grid gap-3 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold text-slate-900">{platformName}</h3>
          <span className="text-xs text-slate-600" data-testid="char-count">
            {t('marketingText.common.charCount', {
              count: item.charCount,
              limit: item.charLimit.toLocaleString(),
            })}
          </span>
        </div>
        <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{item.content}</p>
        {item.mentions.length > 0 ? (
          <p className="text-xs text-slate-600">
            {t('marketingText.transformer.mentions')}: {item.mentions.join(' ')}
          </p>
        ) : null}
        <dl className="grid grid-cols-1 gap-2 text-xs text-slate-700 sm:grid-cols-2">
          <div className="flex items-center gap-1">
            {item.mediaType === 'image' ? (
              <ImageIcon aria-hidden="true" className="size-4" />
            ) : (
              <Text aria-hidden="true" className="size-4" />
            )}
            <dt className="sr-only">{t('marketingText.transformer.mediaType')}</dt>
            <dd>{t(`marketingText.transformer.media.${item.mediaType}`)}</dd>
          </div>
          <div>
            <dt className="inline">{t('marketingText.transformer.bestTime')}: </dt>
            <dd className="inline font-medium">{item.bestPostTime}</dd>
          </div>
        </dl>
        <p className="text-xs text-slate-600" data-testid="reach-not-measured">
          {t('marketingText.transformer.reachNotMeasured')}
        </p>
        {translations.length > 0 ? (
          <div className="grid gap-2 border-t border-slate-200 pt-3" data-testid="translations">
            {translations.map(([language, text]) => (
              <div key={language} className="grid gap-1">
                <p className="text-xs font-medium text-slate-600">
                  {LANGUAGE_NATIVE_NAMES[language as TranslationLanguage] ?? language}
                </p>
                <p className="text-sm whitespace-pre-wrap text-slate-800" lang={language}>
                  {text}
                </p>
              </div>
            ))}
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => void copy(item.content)}>
            <Copy aria-hidden="true" />
            {t('marketingText.common.copy')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              downloadText(
                `${item.platform}.txt`,
                [item.content, ...translations.map(([lang, text]) => `\n[${lang}]\n${text}`)].join(
                  '\n',
                ),
              )
            }
          >
            <Download aria-hidden="true" />
            {t('marketingText.common.download')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
