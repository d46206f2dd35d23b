/*
 * Intl formatters, made once per language and options. Making one costs far more than using
 * it (the landing page's fair countdowns redraw every second), so components ask here rather
 * than construct one on each render.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

export function numberFormat(
  language: string,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  return cached(
    `number|${language}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(language, options),
  );
}

export function dateTimeFormat(
  language: string,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  return cached(
    `date|${language}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(language, options),
  );
}
