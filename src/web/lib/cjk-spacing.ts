/*
 * Chinese text set next to a Latin name reads better with a space between them
 * ("欢迎咨询 Aoxin Pump Industry", not "欢迎咨询Aoxin Pump Industry"); a Chinese name stays
 * tight ("欢迎咨询奥鑫泵业"). Only the seams around interpolated values are touched, so the
 * locale files' own text is never rewritten.
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LATIN = /[\p{Script=Latin}\d]/u;

/** The space a seam between `before` and `after` needs: one when CJK meets Latin or a digit. */
function seam(before: string | undefined, after: string | undefined): string {
  if (!before || !after) return '';
  return (CJK.test(before) && LATIN.test(after)) || (LATIN.test(before) && CJK.test(after))
    ? ' '
    : '';
}

/*
 * Values marked while they are interpolated (see cjk-spacing-i18next.ts) carry two Unicode
 * noncharacters around them, so the finished string still shows where each value sits.
 */
const OPEN = '\uFDD0';
const CLOSE = '\uFDD1';
const MARKED = /\uFDD0([^\uFDD0\uFDD1]*)\uFDD1/g;
const MARKERS = /[\uFDD0\uFDD1]/g;

/** `value` between the seam markers that `spaceMarkedValues` reads. */
export function markValue(value: string): string {
  return `${OPEN}${value}${CLOSE}`;
}

/**
 * The text without its markers; when `spaced`, each marked value is set off by a space from
 * CJK text it touches ("欢迎咨询\uFDD0Aoxin\uFDD1" → "欢迎咨询 Aoxin").
 */
export function spaceMarkedValues(text: string, spaced = true): string {
  if (!text.includes(OPEN)) return text;
  if (!spaced) return text.replace(MARKERS, '');
  let out = '';
  let last = 0;
  for (const match of text.matchAll(MARKED)) {
    const value = match[1] ?? '';
    out += text.slice(last, match.index);
    out += `${seam(out.at(-1), value[0])}${value}`;
    last = match.index + match[0].length;
    const next = text.slice(last).replace(MARKERS, '')[0];
    out += seam(value.at(-1), next);
  }
  return (out + text.slice(last)).replace(MARKERS, '');
}

/** `{{name}}` placeholders filled from `values`, spaced from neighbouring CJK text. */
export function interpolateSpaced(text: string, values: Record<string, string | number>): string {
  return text.replace(
    /\{\{\s*(\w+)\s*\}\}/g,
    (whole, name: string, offset: number, template: string) => {
      if (!(name in values)) return whole;
      const value = String(values[name]);
      const before = template[offset - 1];
      const after = template[offset + whole.length];
      return `${seam(before, value[0])}${value}${seam(value.at(-1), after)}`;
    },
  );
}
