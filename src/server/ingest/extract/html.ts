import { ExtractionError } from '../errors.ts';
import { readTextFile, type TextEncodingName } from '../text-encoding.ts';
import { groupParagraphsIntoBlocks } from './blocks.ts';
import { paragraphsFromHtml } from './docx.ts';
import type { ExtractContext, ExtractedDocument } from './types.ts';

/*
 * A "Word file" that is really a web page (Word's and WPS's "Save as HTML", kept under .doc):
 * the head, styles, scripts and conditional comments are dropped and the body is read like
 * mammoth's HTML, headings and tables included.
 */

export function visibleHtml(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<!\[[\s\S]*?\]>/g, ' ')
    .replace(/<(head|style|script|xml|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<![^>]*>/g, ' ');
}

export async function extractHtml(
  filePath: string,
  encoding: TextEncodingName,
  context: ExtractContext,
): Promise<ExtractedDocument> {
  const html = await readTextFile(filePath, encoding, context.maxTextChars * 4);
  if (html === null) {
    throw new ExtractionError('too-large', 'the web page is too large', {
      limit: 'characters',
      max: context.maxTextChars,
    });
  }
  const paragraphs = paragraphsFromHtml(visibleHtml(html));
  const totalChars = paragraphs.reduce((sum, p) => sum + p.text.length, 0);
  if (totalChars > context.maxTextChars) {
    throw new ExtractionError('too-large', `more than ${context.maxTextChars} characters`, {
      limit: 'characters',
      max: context.maxTextChars,
    });
  }
  const sections = groupParagraphsIntoBlocks(paragraphs, context.blockChars);
  if (sections.length === 0) throw new ExtractionError('no-text', 'the web page has no text');
  return { sections, pageCount: sections.length };
}
