import { ExtractionError } from '../errors.ts';
import { readTextFile, type TextEncodingName } from '../text-encoding.ts';
import { groupParagraphsIntoBlocks, looksLikeHeading, type Paragraph } from './blocks.ts';
import { tidyText } from './normalize.ts';
import type { ExtractContext, ExtractedDocument } from './types.ts';

/*
 * Plain text in the encoding detection found. Paragraphs are separated by blank lines; a file
 * without any blank line (one paragraph per line, common in Chinese text) uses lines.
 */

export function paragraphsFromText(text: string): Paragraph[] {
  const tidy = tidyText(text);
  const pieces = /\n\s*\n/.test(tidy) ? tidy.split(/\n\s*\n/) : tidy.split('\n');
  return pieces
    .map((piece) => piece.trim())
    .filter(Boolean)
    .map((piece, index, all) => ({
      text: piece.replace(/^#{1,6}\s+/, ''),
      // A last short line is a closing remark, not a heading with nothing under it.
      isHeading: index < all.length - 1 && looksLikeHeading(piece),
    }));
}

export async function extractTxt(
  filePath: string,
  encoding: TextEncodingName,
  context: ExtractContext,
): Promise<ExtractedDocument> {
  const text = await readTextFile(filePath, encoding, context.maxTextChars);
  if (text === null) {
    throw new ExtractionError('too-large', `more than ${context.maxTextChars} characters`, {
      limit: 'characters',
      max: context.maxTextChars,
    });
  }
  const sections = groupParagraphsIntoBlocks(paragraphsFromText(text), context.blockChars);
  if (sections.length === 0) throw new ExtractionError('no-text', 'the text file is blank');
  return { sections, pageCount: sections.length };
}
