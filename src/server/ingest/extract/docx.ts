import mammoth from 'mammoth';
import { throwIfAborted } from '../deadline.ts';
import { ExtractionError } from '../errors.ts';
import { groupParagraphsIntoBlocks, type Paragraph } from './blocks.ts';
import { tidyText } from './normalize.ts';
import type { ExtractContext, ExtractedDocument } from './types.ts';

/*
 * DOCX through mammoth's HTML, because the HTML keeps what raw text loses: which paragraphs are
 * headings (h1-h6, from Word's heading styles in any UI language) and which lines are table rows.
 * Images are dropped before they are base64-encoded into the HTML.
 */

const dropImages = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) {
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    }
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Paragraphs of mammoth's HTML in reading order. A table row becomes one paragraph with its
 * cells joined by " | ", so a specification table stays one line per product.
 */
export function paragraphsFromHtml(html: string): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  let buffer = '';
  let rowDepth = 0;
  const flush = (isHeading: boolean) => {
    const text = tidyText(decodeEntities(buffer));
    if (text) paragraphs.push({ text, isHeading });
    buffer = '';
  };
  const tag = /<(\/?)([a-z0-9]+)[^>]*>|([^<]+)/gi;
  for (const match of html.matchAll(tag)) {
    const [, closing, rawName, text] = match;
    if (text !== undefined) {
      buffer += text;
      continue;
    }
    const name = (rawName ?? '').toLowerCase();
    const isClosing = closing === '/';
    if (name === 'br') {
      buffer += '\n';
    } else if (name === 'tr') {
      if (isClosing) {
        rowDepth = Math.max(0, rowDepth - 1);
        buffer = buffer.replace(/\s*\|\s*$/, '');
        flush(false);
      } else {
        if (rowDepth === 0) flush(false);
        rowDepth++;
      }
    } else if (rowDepth > 0) {
      if (isClosing && (name === 'td' || name === 'th')) buffer += ' | ';
      else if (isClosing && (name === 'p' || name === 'li')) buffer += ' ';
    } else if (/^h[1-6]$/.test(name)) {
      flush(isClosing);
    } else if (
      name === 'p' ||
      name === 'li' ||
      name === 'ul' ||
      name === 'ol' ||
      name === 'table'
    ) {
      flush(false);
    }
  }
  flush(false);
  return paragraphs;
}

export async function extractDocx(
  filePath: string,
  context: ExtractContext,
): Promise<ExtractedDocument> {
  let html: string;
  try {
    const result = await mammoth.convertToHtml({ path: filePath }, { convertImage: dropImages });
    html = result.value;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ExtractionError('corrupt-document', `unreadable DOCX: ${message}`);
  }
  throwIfAborted(context.signal);
  const paragraphs = paragraphsFromHtml(html);
  const totalChars = paragraphs.reduce((sum, p) => sum + p.text.length, 0);
  if (totalChars > context.maxTextChars) {
    throw new ExtractionError('too-large', `more than ${context.maxTextChars} characters`, {
      limit: 'characters',
      max: context.maxTextChars,
    });
  }
  const sections = groupParagraphsIntoBlocks(paragraphs, context.blockChars);
  if (sections.length === 0) throw new ExtractionError('no-text', 'the DOCX has no text');
  return { sections, pageCount: sections.length };
}
