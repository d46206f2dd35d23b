import mammoth from 'mammoth';
import { throwIfAborted } from '../deadline.ts';
import { ExtractionError } from '../errors.ts';
import { groupParagraphsIntoBlocks, type Paragraph } from './blocks.ts';
import { tidyText } from './normalize.ts';
import { tableLines } from './table-rows.ts';
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

/** Cells of the outermost table being read; nested tables are read into the enclosing cell. */
interface TableState {
  depth: number;
  rows: string[][];
  row: string[];
  cell: string;
  /** colspan of the open cell: a merged header names every column it spans. */
  span: number;
}

const colspanOf = (tag: string) =>
  Math.min(64, Math.max(1, Number(/\bcolspan="?(\d+)/i.exec(tag)?.[1] ?? 1)));

/**
 * Paragraphs of mammoth's HTML in reading order. A table row becomes one paragraph that names
 * each value by its column header ("Model: QB60 · Flow: 40 L/min"), so a specification table
 * stays one line per product.
 */
export function paragraphsFromHtml(html: string): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  let buffer = '';
  let table: TableState | null = null;
  const flush = (isHeading: boolean) => {
    const text = tidyText(decodeEntities(buffer));
    if (text) paragraphs.push({ text, isHeading });
    buffer = '';
  };
  const tag = /<(\/?)([a-z0-9]+)[^>]*>|([^<]+)/gi;
  for (const match of html.matchAll(tag)) {
    const [whole, closing, rawName, text] = match;
    if (text !== undefined) {
      if (table) table.cell += text;
      else buffer += text;
      continue;
    }
    const name = (rawName ?? '').toLowerCase();
    const isClosing = closing === '/';
    if (table) {
      readTableTag(table, name, isClosing, whole);
      if (name === 'table' && isClosing && table.depth === 0) {
        const rows = table.rows.map((row) => row.map((cell) => decodeEntities(cell)));
        for (const line of tableLines(rows)) paragraphs.push({ text: line, isHeading: false });
        table = null;
      }
    } else if (name === 'table' && !isClosing) {
      flush(false);
      table = { depth: 1, rows: [], row: [], cell: '', span: 1 };
    } else if (name === 'br') {
      buffer += '\n';
    } else if (/^h[1-6]$/.test(name)) {
      flush(isClosing);
    } else if (name === 'p' || name === 'li' || name === 'ul' || name === 'ol') {
      flush(false);
    }
  }
  flush(false);
  return paragraphs;
}

function readTableTag(table: TableState, name: string, isClosing: boolean, whole: string): void {
  if (name === 'table') {
    table.depth += isClosing ? -1 : 1;
    return;
  }
  if (table.depth > 1) {
    // A table inside a cell: its text joins the cell it sits in.
    if (isClosing && (name === 'td' || name === 'th' || name === 'p')) table.cell += ' ';
    return;
  }
  if ((name === 'td' || name === 'th') && !isClosing) {
    table.cell = '';
    table.span = colspanOf(whole);
  } else if ((name === 'td' || name === 'th') && isClosing) {
    const isHeaderRow = table.rows.length === 0;
    for (let i = 0; i < table.span; i++) table.row.push(i === 0 || isHeaderRow ? table.cell : '');
    table.cell = '';
  } else if (name === 'tr' && !isClosing) {
    table.row = [];
  } else if (name === 'tr' && isClosing) {
    table.rows.push(table.row);
    table.row = [];
  } else if (name === 'br' || (isClosing && (name === 'p' || name === 'li'))) {
    table.cell += ' ';
  }
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
