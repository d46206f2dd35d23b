/*
 * Citation markers in a model's answer: "[2]", "[1, 3]", "【2】". Valid ones (numbers of excerpts
 * that were given) are renumbered in order of first appearance, so the answer's [1] is the first
 * entry of `citations`; invalid ones are dropped. Works on a stream: text is released as soon as
 * no marker can be open in it.
 */

const MARKER = /\s?[[【]\s*(\d{1,3}(?:\s*[,，、]\s*\d{1,3})*)\s*[\]】]/gu;
/** An opening bracket that may still become a marker. */
const OPEN_TAIL = /[[【][\d\s,，、]{0,16}$/u;

export class MarkerRewriter {
  /** Excerpt numbers (1-based, as given to the model) in the order the answer cites them. */
  readonly cited: number[] = [];
  private pending = '';

  constructor(private readonly excerptCount: number) {}

  /** Feeds text; returns the part that can be shown now. */
  push(text: string): string {
    this.pending += text;
    const open = OPEN_TAIL.exec(this.pending);
    const ready = open ? this.pending.slice(0, open.index) : this.pending;
    this.pending = open ? this.pending.slice(open.index) : '';
    return this.rewrite(ready);
  }

  /** The rest, at the end of the answer. */
  end(): string {
    const rest = this.rewrite(this.pending);
    this.pending = '';
    return rest;
  }

  private rewrite(text: string): string {
    return text.replace(MARKER, (whole, list: string) => {
      const numbers = list
        .split(/[,，、]/u)
        .map((part) => Number.parseInt(part.trim(), 10))
        .filter((n) => Number.isInteger(n) && n >= 1 && n <= this.excerptCount);
      if (numbers.length === 0) return '';
      const renumbered = [...new Set(numbers)].map((n) => {
        let position = this.cited.indexOf(n);
        if (position < 0) {
          this.cited.push(n);
          position = this.cited.length - 1;
        }
        return `[${position + 1}]`;
      });
      return `${/^\s/u.test(whole) ? ' ' : ''}${renumbered.join('')}`;
    });
  }
}

/** Rewrites a whole answer at once. */
export function rewriteMarkers(
  text: string,
  excerptCount: number,
): { text: string; cited: number[] } {
  const rewriter = new MarkerRewriter(excerptCount);
  const out = rewriter.push(text) + rewriter.end();
  return { text: out, cited: rewriter.cited };
}
