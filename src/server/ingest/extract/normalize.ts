/**
 * Tidies extracted text without changing its words: non-breaking and repeated spaces become one
 * space, lines are trimmed, and runs of blank lines shrink to one.
 */
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00A0\u2000-\u200A\u202F\u205F\u3000\t ]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
