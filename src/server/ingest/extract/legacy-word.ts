import WordExtractor from 'word-extractor';
import { throwIfAborted } from '../deadline.ts';
import { ExtractionError } from '../errors.ts';
import { groupParagraphsIntoBlocks, looksLikeHeading, type Paragraph } from './blocks.ts';
import { tidyText } from './normalize.ts';
import { tableLines } from './table-rows.ts';
import type { ExtractContext, ExtractedDocument } from './types.ts';

/*
 * Word 97-2003 (.doc) and WPS Writer (.wps, the same container) with word-extractor: the body,
 * then text boxes and footnotes. Word ends every table cell with a cell mark that the reader
 * turns into a tab, so consecutive lines holding tabs are a table and are read as one.
 */

/** Paragraphs of the body text: runs of tab-separated lines are read as a table. */
export function paragraphsFromWordText(text: string): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  let table: string[][] = [];
  const flushTable = () => {
    for (const line of tableLines(table)) paragraphs.push({ text: line, isHeading: false });
    table = [];
  };
  for (const rawLine of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (rawLine.includes('\t') && rawLine.replace(/\t/g, '').trim()) {
      table.push(rawLine.replace(/\t+$/, '').split('\t'));
      continue;
    }
    flushTable();
    const line = tidyText(rawLine);
    if (line) paragraphs.push({ text: line, isHeading: looksLikeHeading(line) });
  }
  flushTable();
  // A last short line is a closing remark, not a heading with nothing under it.
  const last = paragraphs.at(-1);
  if (last) last.isHeading = false;
  return paragraphs;
}

export async function extractLegacyWord(
  filePath: string,
  context: ExtractContext,
): Promise<ExtractedDocument> {
  let text: string;
  try {
    const document = await new WordExtractor().extract(filePath);
    text = [document.getBody(), document.getTextboxes(), document.getFootnotes()]
      .filter((part) => part.trim())
      .join('\n\n');
  } catch (error) {
    throwIfAborted(context.signal);
    const message = error instanceof Error ? error.message : String(error);
    if (/encrypt|password/i.test(message)) {
      throw new ExtractionError('encrypted', 'the Word file is password protected');
    }
    throw new ExtractionError('corrupt-document', `unreadable Word 97-2003 file: ${message}`);
  }
  throwIfAborted(context.signal);
  if (text.length > context.maxTextChars) {
    throw new ExtractionError('too-large', `more than ${context.maxTextChars} characters`, {
      limit: 'characters',
      max: context.maxTextChars,
    });
  }
  const sections = groupParagraphsIntoBlocks(paragraphsFromWordText(text), context.blockChars);
  if (sections.length === 0) throw new ExtractionError('no-text', 'the Word file has no text');
  return { sections, pageCount: sections.length };
}
