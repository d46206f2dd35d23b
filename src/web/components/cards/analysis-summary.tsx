import { Check, Minus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAnalysisResult } from '#shared/schemas/cards.ts';
import { cn } from '#web/lib/utils.ts';

const FLAGS = ['technicalTerms', 'financialData', 'legalContent', 'marketingContent'] as const;

/** A language code in words ("zh-CN" → "Simplified Chinese"); unknown codes as they are. */
export function useLanguageName(): (code: string) => string {
  const { t } = useTranslation();
  return (code) => t(`analysis.languageNames.${code}`, { defaultValue: code });
}

/**
 * The document analysis: languages, industry,
 * complexity, content types, the four flags and the reasoning. Shown once, on the analysis
 * step. No confidence percentage: the analysis' score is a heuristic, not a measured accuracy.
 */
export function AnalysisSummary({
  analysis,
  estimated = false,
}: {
  analysis: TAnalysisResult;
  /** Built from defaults, not from the documents. */
  estimated?: boolean;
}) {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  return (
    <div className="grid gap-5" data-testid="analysis-summary">
      {estimated ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('analysis.estimated')}
        </p>
      ) : null}
      <dl className="grid gap-4 sm:grid-cols-2">
        <Item label={t('analysis.primaryLanguage')}>
          <span data-testid="analysis-primary-language">
            {languageName(analysis.primaryLanguage)}
          </span>
        </Item>
        <Item label={t('analysis.secondaryLanguages')}>
          {analysis.secondaryLanguages.length > 0
            ? analysis.secondaryLanguages.map(languageName).join(', ')
            : '—'}
        </Item>
        <Item label={t('analysis.industry')}>
          <span data-testid="analysis-industry">
            {t(`analysis.industries.${analysis.industry}`, { defaultValue: analysis.industry })}
          </span>
        </Item>
        <Item label={t('analysis.complexity')}>
          {t(`analysis.complexityLevels.${analysis.documentComplexity}`)}
        </Item>
        <Item label={t('analysis.contentTypes')} className="sm:col-span-2">
          {analysis.contentTypes.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5">
              {analysis.contentTypes.map((type) => (
                <li
                  key={type}
                  className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800"
                >
                  {t(`analysis.contentTypeNames.${type}`, { defaultValue: type })}
                </li>
              ))}
            </ul>
          ) : (
            '—'
          )}
        </Item>
      </dl>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {FLAGS.map((flag) => {
          const on = analysis[flag];
          return (
            <li
              key={flag}
              className={cn(
                'flex items-center gap-2 rounded-lg border px-3 py-2 text-sm',
                on
                  ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
                  : 'border-slate-200 bg-white text-slate-600',
              )}
            >
              {on ? (
                <Check aria-hidden="true" className="size-4 shrink-0" />
              ) : (
                <Minus aria-hidden="true" className="size-4 shrink-0" />
              )}
              <span>
                {t(`analysis.flags.${flag}`)}
                <span className="sr-only">: {on ? t('common.yes') : t('common.no')}</span>
              </span>
            </li>
          );
        })}
      </ul>
      {analysis.reasoning ? (
        <div className="grid gap-1">
          <p className="text-sm font-medium text-slate-800">{t('analysis.reasoning')}</p>
          <p className="text-sm text-slate-700" data-testid="analysis-reasoning">
            {analysis.reasoning}
          </p>
        </div>
      ) : null}
    </div>
  );
}

function Item({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-1', className)}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}
