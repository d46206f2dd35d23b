import { useTranslation } from 'react-i18next';

/** Number, percentage and country formatters in the page's language. */
export function useAnalyticsFormat() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const number = new Intl.NumberFormat(language);
  const percent = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  let regions: Intl.DisplayNames | null = null;
  try {
    regions = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    regions = null;
  }
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
  const day = new Intl.DateTimeFormat(language, {
    month: 'numeric',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return {
    number: (value: number) => number.format(value),
    percent: (value: number) => `${percent.format(value)}%`,
    country: (code: string | null) =>
      code ? (regions?.of(code) ?? code) : t('analytics.unknownCountry'),
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    /** A `YYYY-MM-DD` UTC day, short. */
    day: (date: string) => day.format(new Date(`${date}T00:00:00Z`)),
    cardName: (name: string, id: number) => name || t('analytics.cardFallback', { id }),
  };
}

/** part of whole in percent, one decimal. */
export const shareOf = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
