import { Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPosterTemplate } from '#shared/marketing/poster.ts';
import { cn } from '#web/lib/utils.ts';
import { NativeSelect } from '../ui/native-select.tsx';

export const TEXTAREA_CLASS =
  'min-h-20 w-full rounded-lg border border-slate-300 bg-white p-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40 sm:text-sm';

/** A row of toggle buttons for one choice (design style, colour scheme). */
export function ChoiceButtons<T extends string>({
  legend,
  options,
  value,
  onChange,
  labelKey,
  testId,
}: {
  legend: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  labelKey: (option: T) => string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="grid gap-2" data-testid={testId}>
      <legend className="mb-2 text-sm font-medium text-slate-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === value}
            onClick={() => onChange(option)}
            className={cn(
              'min-h-10 cursor-pointer rounded-lg border px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
              option === value
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:border-brand-400',
            )}
          >
            {t(labelKey(option))}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function Stars({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex" role="img" aria-label={t('posters.page.stars', { count })}>
      {Array.from({ length: 5 }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={cn(
            'size-3.5',
            index < count ? 'fill-amber-400 text-amber-500' : 'text-slate-300',
          )}
        />
      ))}
    </span>
  );
}

/** Template cards with a category filter; picking one copies its style and scheme. */
export function PosterTemplatePicker({
  templates,
  selectedId,
  onSelect,
}: {
  templates: TPosterTemplate[];
  selectedId: string | undefined;
  onSelect: (template: TPosterTemplate) => void;
}) {
  const { t } = useTranslation();
  const [category, setCategory] = useState('');
  const categories = [...new Set(templates.map((template) => template.category))];
  const shown = templates.filter((template) => !category || template.category === category);
  return (
    <section aria-labelledby="poster-templates" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="poster-templates" className="text-lg font-semibold text-slate-900">
          {t('posters.page.templates')}
        </h2>
        <NativeSelect
          aria-label={t('posters.page.category')}
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          className="w-44"
        >
          <option value="">{t('posters.page.allCategories')}</option>
          {categories.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {shown.map((template) => (
          <li key={template.id}>
            <button
              type="button"
              aria-pressed={template.id === selectedId}
              onClick={() => onSelect(template)}
              data-testid={`template-${template.id}`}
              className={cn(
                'grid h-full w-full cursor-pointer gap-1 rounded-lg border p-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                template.id === selectedId
                  ? 'border-brand-600 bg-brand-50'
                  : 'border-slate-200 bg-white hover:border-brand-300',
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="font-semibold text-slate-900">{template.name}</span>
                <Stars count={template.popularity} />
              </span>
              <span className="text-xs text-slate-600">{template.description}</span>
              <span className="text-xs font-medium text-brand-800">
                {template.category} · {t(`posters.styles.${template.style}`)} ·{' '}
                {t(`posters.schemes.${template.colorScheme}`)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
