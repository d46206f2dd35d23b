import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/utils.ts';

export type WizardStep = 1 | 2 | 3 | 4;

const STEP_KEYS = ['details', 'upload', 'model', 'card'] as const;

/** 50 % on the upload, 75 % on model selection and analysis; the card is step 4. */
export const STEP_PERCENT: Record<WizardStep, number> = { 1: 25, 2: 50, 3: 75, 4: 100 };

/**
 * The wizard's progress strip: "Step n of 4", the percentage, the four steps, and a line
 * saying what happens next.
 */
export function WizardProgress({
  step,
  percent = STEP_PERCENT[step],
  next,
}: {
  step: WizardStep;
  percent?: number;
  /** What happens after this step, in a sentence. */
  next: string;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('wizard.progressLabel')}
      data-testid="wizard-progress"
      className="mb-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900">
          {t('wizard.stepOf', { step, total: 4 })}
          <span className="font-normal text-slate-600">
            {' · '}
            {t(`wizard.steps.${STEP_KEYS[step - 1]}`)}
          </span>
        </p>
        <p className="text-sm font-semibold text-brand-700" data-testid="wizard-percent">
          {t('wizard.percent', { percent })}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label={t('wizard.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
      <ol className="mt-4 grid grid-cols-4 gap-2">
        {STEP_KEYS.map((key, index) => {
          const number = index + 1;
          const done = number < step;
          const current = number === step;
          return (
            <li
              key={key}
              aria-current={current ? 'step' : undefined}
              className="flex min-w-0 flex-col items-center gap-1.5 text-center sm:flex-row sm:text-left"
            >
              <span
                className={cn(
                  'inline-flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                  done && 'bg-emerald-600 text-white',
                  current && 'bg-brand-600 text-white ring-4 ring-brand-100',
                  !done && !current && 'bg-slate-100 text-slate-600',
                )}
              >
                {done ? <Check aria-hidden="true" className="size-4" /> : number}
                {done ? <span className="sr-only">{t('wizard.done')}</span> : null}
              </span>
              <span
                className={cn(
                  'text-xs leading-tight sm:text-sm',
                  current ? 'font-semibold text-slate-900' : 'text-slate-600',
                )}
              >
                {t(`wizard.steps.${key}`)}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="mt-4 border-t border-slate-100 pt-3 text-sm text-slate-600">
        <span className="font-medium text-slate-800">{t('wizard.nextLabel')}</span> {next}
      </p>
    </section>
  );
}
