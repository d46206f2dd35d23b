/*
 * SVG has no text wrapping and resvg measures nothing for us, so lines are broken here from an
 * estimate of Noto Sans SC's advance widths: a CJK character is one em, Latin about half.
 * The estimate errs wide, so text never runs off the poster.
 */

const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

function charWidth(char: string): number {
  if (WIDE.test(char)) return 1;
  if (char === ' ') return 0.26;
  if (/[A-Z0-9@#%&MW]/.test(char)) return 0.66;
  if (/[il.,:;'!|]/.test(char)) return 0.3;
  return 0.56;
}

export function textWidth(text: string, size: number, bold = false): number {
  let em = 0;
  for (const char of text) em += charWidth(char);
  return em * size * (bold ? 1.06 : 1);
}

/** Words of Latin text and single CJK characters, so Chinese breaks anywhere and English at spaces. */
function tokens(text: string): string[] {
  return (
    text.match(new RegExp(`${WIDE.source}|[^\\s${WIDE.source.slice(1, -1)}]+|\\s+`, 'gu')) ?? []
  );
}

export function wrapText(
  text: string,
  size: number,
  maxWidth: number,
  maxLines: number,
  bold = false,
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const token of tokens(text.replace(/\s+/g, ' ').trim())) {
    const candidate = line + token;
    if (textWidth(candidate.trimEnd(), size, bold) <= maxWidth || line.trim() === '') {
      // A single word longer than the line is cut by characters.
      if (textWidth(candidate, size, bold) > maxWidth && line.trim() === '') {
        let piece = '';
        for (const char of token) {
          if (textWidth(piece + char, size, bold) > maxWidth) {
            lines.push(piece);
            piece = '';
          }
          piece += char;
        }
        line = piece;
      } else {
        line = candidate;
      }
    } else {
      lines.push(line.trim());
      line = token.trim() ? token : '';
    }
  }
  if (line.trim()) lines.push(line.trim());
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last && textWidth(`${last}…`, size, bold) > maxWidth)
    last = [...last].slice(0, -1).join('');
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return kept;
}

/** The largest size (down to `min`) at which the text fits in `maxLines`. */
export function fitText(
  text: string,
  options: { max: number; min: number; width: number; maxLines: number; bold?: boolean },
): { size: number; lines: string[] } {
  for (let size = options.max; size > options.min; size -= 4) {
    const lines = wrapText(text, size, options.width, options.maxLines + 1, options.bold);
    if (lines.length <= options.maxLines) return { size, lines };
  }
  return {
    size: options.min,
    lines: wrapText(text, options.min, options.width, options.maxLines, options.bold),
  };
}

export function escapeXml(text: string): string {
  return (
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      // XML 1.0 allows no control characters but tab, newline and carriage return.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
  );
}
