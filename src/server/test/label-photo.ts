import { renderCardPhoto } from '#server/features/pipeline/test-support/card-image.ts';

/*
 * Photos a buyer takes of a product's label or nameplate, for the chat's photo tests: lines of
 * text (Latin and Chinese) drawn one under another on a plate laid on a table and turned a
 * little, by the paper-card test renderer. A plate without lines has no legible text at all.
 */

export interface LabelLine {
  text: string;
  /** Pixels; 34 when not given. */
  size?: number;
  bold?: boolean;
}

/** A PNG of the lines, the first at the top, as base64 (what POST /api/chat/image takes). */
export function labelPhoto(lines: readonly (string | LabelLine)[], rotate = 3): string {
  const texts = lines.map((line, i) => ({
    ...(typeof line === 'string' ? { text: line } : line),
    x: 60,
    y: 90 + i * 72,
  }));
  return renderCardPhoto(texts, { rotate }).toString('base64');
}
