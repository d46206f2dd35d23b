/*
 * Chinese text set next to a Latin name reads better with a space between them
 * ("欢迎咨询 Aoxin Pump Industry", not "欢迎咨询Aoxin Pump Industry"); a Chinese name stays
 * tight ("欢迎咨询奥鑫泵业"). Only the seams around interpolated values are touched, so the
 * locale files' own text is never rewritten (issue 21, item 6).
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
