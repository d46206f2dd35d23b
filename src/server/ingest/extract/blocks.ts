import type { ExtractedSection } from './types.ts';

/*
 * DOCX and TXT have no pages a reader would name, so their citations point at paragraph blocks:
 * consecutive paragraphs grouped to a few hundred characters, a heading always opening a new
 * block. The block number is what `page` holds for these kinds.
 */

export interface Paragraph {
  text: string;
  isHeading: boolean;
}

export const DEFAULT_BLOCK_CHARS = 600;

export function groupParagraphsIntoBlocks(
  paragraphs: readonly Paragraph[],
  blockChars = DEFAULT_BLOCK_CHARS,
): ExtractedSection[] {
  const sections: ExtractedSection[] = [];
  let current: string[] = [];
  let length = 0;
  let onlyHeadings = true;
  const flush = () => {
    if (current.length === 0) return;
    sections.push({ page: sections.length + 1, text: current.join('\n') });
    current = [];
    length = 0;
    onlyHeadings = true;
  };
  for (const paragraph of paragraphs) {
    const text = paragraph.text.trim();
    if (!text) continue;
    // A heading opens a block, but a run of headings (title, then section title) stays together
    // with the text that follows it.
    const opensBlock = paragraph.isHeading || isLeadIn(text);
    const startsNewBlock =
      (opensBlock && !onlyHeadings) ||
      (length > 0 && length + text.length > blockChars && !onlyHeadings);
    if (startsNewBlock) flush();
    current.push(text);
    length += text.length + 1;
    if (!opensBlock) onlyHeadings = false;
  }
  flush();
  return sections;
}

const SENTENCE_END = /[.!?。！？；;:：]$/u;

/**
 * A short line that announces what follows ("CASH FLOWS FROM INVESTING ACTIVITIES:", "Features:")
 * opens a block like a heading, so it stays with the rows it labels instead of ending the block
 * before them.
 */
function isLeadIn(text: string): boolean {
  return text.length <= 60 && !text.includes('\n') && /[:：]$/u.test(text);
}

/** A table row: a label followed by two or more figure columns ("Net Cash Used (12,422,623) (3,096,922)"). */
const TABLE_ROW = /\S\s+(?:[$€£¥]?\s?\(?-?\d[\d,.]*\)?%?|—|-)\s+[$€£¥]?\s?\(?-?\d[\d,.]*\)?%?$/u;

/**
 * Whether a plain-text paragraph reads like a heading: a Markdown `#` line, a numbered title
 * ("1.", "第一章", "一、"), or a short single line without closing punctuation.
 */
export function looksLikeHeading(paragraph: string): boolean {
  const text = paragraph.trim();
  if (!text || text.includes('\n')) return false;
  if (/^#{1,6}\s/.test(text)) return true;
  if (/^(第[一二三四五六七八九十百\d]+[章节部分篇]|[一二三四五六七八九十]+、)/u.test(text)) {
    return text.length <= 40;
  }
  if (/^(Q|A|问|答)\s*[:：]/iu.test(text)) return false;
  if (TABLE_ROW.test(text)) return false;
  return text.length <= 60 && !SENTENCE_END.test(text) && !/[,，]$/u.test(text);
}
