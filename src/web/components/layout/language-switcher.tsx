import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage } from '#shared/limits.ts';
import { LANGUAGE_NAMES, currentLanguage, setLanguage } from '#web/i18n/index.ts';
import { cn } from '#web/lib/utils.ts';
import { NativeSelect } from '../ui/native-select.tsx';

export interface LanguageSwitcherProps {
  className?: string;
  /** Show the "Language" label as text (mobile menu) instead of only to screen readers. */
  showLabel?: boolean;
  testId?: string;
}

/** A native select labelled "Language": English, 简体中文, 繁體中文. */
export function LanguageSwitcher({
  className,
  showLabel = false,
  testId = 'language-switcher',
}: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // Re-read on every render: useTranslation re-renders this on languageChanged.
  const value = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  return (
    <div
      className={cn('flex items-center gap-2', showLabel && 'flex-col items-stretch', className)}
    >
      <label
        htmlFor={id}
        className={cn(
          showLabel ? 'flex items-center gap-2 text-sm font-medium text-slate-800' : 'sr-only',
        )}
      >
        {showLabel ? <Languages aria-hidden="true" className="size-4" /> : null}
        {t('language.label')}
      </label>
      <NativeSelect
        id={id}
        data-testid={testId}
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) void setLanguage(next);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
