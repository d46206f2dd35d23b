import { Check } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_TEMPLATES } from '#shared/limits.ts';
import type { TCardTemplate } from '#shared/schemas/cards.ts';
import { cn } from '#web/lib/utils.ts';
import { TEMPLATE_SWATCHES } from '#web/components/cards/templates/index.ts';

/** The six templates as a radio group: arrow keys move, the choice is announced. */
export function TemplatePicker({
  value,
  onChange,
  disabled = false,
  columns = 3,
  popular,
  className,
}: {
  value: TCardTemplate;
  onChange: (template: TCardTemplate) => void;
  disabled?: boolean;
  /** Columns from the small breakpoint up (two below it). */
  columns?: 2 | 3;
  /** A template to mark with the hot badge (the card gallery). */
  popular?: TCardTemplate;
  className?: string;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className={cn('grid min-w-0 gap-2', className)} disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-slate-800">
        {t('cardTemplates.pickerLabel')}
      </legend>
      <div className={cn('grid grid-cols-2 gap-2', columns === 3 && 'sm:grid-cols-3')}>
        {CARD_TEMPLATES.map((template) => {
          const swatch = TEMPLATE_SWATCHES[template];
          const checked = template === value;
          return (
            <label
              key={template}
              data-testid={`template-option-${template}`}
              className={cn(
                'relative grid min-w-0 cursor-pointer gap-1.5 rounded-lg border bg-white p-2 text-sm transition-colors duration-150 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
                checked
                  ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600'
                  : 'border-slate-200 hover:border-slate-300 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name={name}
                value={template}
                checked={checked}
                onChange={() => onChange(template)}
                className="sr-only"
              />
              <span
                aria-hidden="true"
                className="relative block h-9 w-full overflow-hidden rounded-md border border-slate-200"
                style={{ background: swatch.background }}
              >
                <span
                  className="absolute bottom-1.5 left-2 h-1 w-1/3 rounded-full"
                  style={{ background: swatch.accent }}
                />
                {checked ? (
                  <span className="absolute top-1 right-1 inline-flex size-5 items-center justify-center rounded-full bg-brand-600 text-white">
                    <Check className="size-3.5" />
                  </span>
                ) : null}
              </span>
              <span className="truncate text-center font-medium text-slate-900">
                {t(`cardTemplates.names.${template}`)}
              </span>
              {template === popular ? (
                <span
                  className="absolute -top-2 -left-1 rounded-full bg-amber-500 px-1.5 py-0.5 text-[0.6875rem] leading-none font-bold text-slate-950 shadow-sm"
                  data-testid="hot-badge"
                >
                  {t('showcase.hot')}
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
