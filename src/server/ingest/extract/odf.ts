import { throwIfAborted } from '../deadline.ts';
import { ExtractionError } from '../errors.ts';
import { forEachZipEntry, openZip, readEntryText } from '../zip.ts';
import { DEFAULT_ZIP_LIMITS } from '../zip-safety.ts';
import { groupParagraphsIntoBlocks, type Paragraph } from './blocks.ts';
import { tidyText } from './normalize.ts';
import { tableLines } from './table-rows.ts';
import type { ExtractContext, ExtractedDocument, ExtractedSection } from './types.ts';

/*
 * OpenDocument text (.odt) and presentations (.odp): content.xml read with a small tag scanner
 * that knows the five XML entities and numeric references and nothing else, so no DTD or
 * entity is ever expanded (a package declaring one is refused). Paragraphs and headings become
 * blocks (ODT) or slides (ODP, one per draw:page); tables keep each value with its header.
 * Spreadsheets (.ods) go through SheetJS in spreadsheet.ts.
 */

const XML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    const code =
      name.startsWith('#x') || name.startsWith('#X')
        ? Number.parseInt(name.slice(2), 16)
        : name.startsWith('#')
          ? Number.parseInt(name.slice(1), 10)
          : null;
    if (code === null) return XML_ENTITIES[name] ?? whole;
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

const attribute = (attributes: string, name: string) =>
  new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];

/** A repeated empty cell (Calc writes "1024 more empty cells") is read at most this often. */
const MAX_REPEATED_CELLS = 64;

interface OdfPage {
  paragraphs: Paragraph[];
}

interface OdfTable {
  depth: number;
  rows: string[][];
  row: string[];
  cell: string | null;
  repeat: number;
}

/**
 * Pages of content.xml: one per draw:page in a presentation, a single one for a text document.
 * Text in notes, annotations and change-tracking deletions is left out.
 */
export function pagesFromContentXml(xml: string): OdfPage[] {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml.slice(0, 4096))) {
    throw new ExtractionError('zip-bomb', 'content.xml declares XML entities', {
      limit: 'xml-entities',
    });
  }
  const pages: OdfPage[] = [];
  let page: OdfPage = { paragraphs: [] };
  let paragraph: { text: string; isHeading: boolean } | null = null;
  let paragraphDepth = 0;
  let skipDepth = 0;
  let table: OdfTable | null = null;

  const endParagraph = () => {
    if (!paragraph) return;
    const text = tidyText(paragraph.text);
    if (table && table.cell !== null) table.cell += `${text} `;
    else if (text) page.paragraphs.push({ text, isHeading: paragraph.isHeading });
    paragraph = null;
  };

  const token = /<([?!][^>]*)>|<(\/?)([\w:.-]+)([^>]*?)(\/?)>|([^<]+)/g;
  for (const match of xml.matchAll(token)) {
    const [, special, closing, name = '', attributes = '', selfClosing, text] = match;
    if (special !== undefined) continue;
    if (text !== undefined) {
      if (paragraph && skipDepth === 0) paragraph.text += decodeXmlText(text);
      continue;
    }
    const isClosing = closing === '/';
    const isEmpty = selfClosing === '/';
    if (
      name === 'presentation:notes' ||
      name === 'office:annotation' ||
      name === 'text:tracked-changes'
    ) {
      if (!isEmpty) skipDepth += isClosing ? -1 : 1;
      continue;
    }
    if (skipDepth > 0) continue;
    switch (name) {
      case 'draw:page':
        if (isClosing) {
          pages.push(page);
          page = { paragraphs: [] };
        }
        break;
      case 'text:p':
      case 'text:h':
        if (isEmpty) break;
        if (!isClosing) {
          paragraphDepth++;
          if (paragraphDepth === 1) paragraph = { text: '', isHeading: name === 'text:h' };
        } else if (--paragraphDepth === 0) {
          endParagraph();
        }
        break;
      case 'text:s':
        if (paragraph)
          paragraph.text += ' '.repeat(Math.min(64, Number(attribute(attributes, 'text:c') ?? 1)));
        break;
      case 'text:tab':
        if (paragraph) paragraph.text += ' ';
        break;
      case 'text:line-break':
        if (paragraph) paragraph.text += '\n';
        break;
      case 'table:table':
        if (isEmpty) break;
        if (!isClosing) {
          if (table) table.depth++;
          else table = { depth: 1, rows: [], row: [], cell: null, repeat: 1 };
        } else if (table && --table.depth === 0) {
          for (const line of tableLines(table.rows))
            page.paragraphs.push({ text: line, isHeading: false });
          table = null;
        }
        break;
      case 'table:table-row':
        if (table?.depth === 1 && !isClosing) table.row = [];
        else if (table?.depth === 1 && isClosing) table.rows.push(table.row);
        break;
      case 'table:table-cell':
      case 'table:covered-table-cell': {
        if (!table || table.depth !== 1) break;
        if (!isClosing) {
          const repeat = Number(attribute(attributes, 'table:number-columns-repeated') ?? 1);
          table.repeat = Math.max(1, Math.min(MAX_REPEATED_CELLS, repeat));
          table.cell = '';
        }
        if (isClosing || isEmpty) {
          for (let i = 0; i < table.repeat; i++) table.row.push(table.cell ?? '');
          table.cell = null;
        }
        break;
      }
    }
  }
  endParagraph();
  if (page.paragraphs.length > 0 || pages.length === 0) pages.push(page);
  return pages;
}

async function readContentXml(filePath: string): Promise<string> {
  const zipfile = await openZip(filePath);
  let content: string | null | undefined;
  try {
    await forEachZipEntry(zipfile, async (entry) => {
      if (entry.fileName !== 'content.xml') return;
      content = await readEntryText(zipfile, entry, DEFAULT_ZIP_LIMITS.maxXmlPartBytes);
      return 'stop';
    });
  } finally {
    zipfile.close();
  }
  if (content === undefined) throw new ExtractionError('corrupt-document', 'no content.xml');
  if (content === null) {
    throw new ExtractionError('too-large', 'content.xml is too large', { limit: 'xml-part' });
  }
  return content;
}

export async function extractOdf(
  filePath: string,
  kind: 'odt' | 'odp',
  context: ExtractContext,
): Promise<ExtractedDocument> {
  let pages: OdfPage[];
  try {
    pages = pagesFromContentXml(await readContentXml(filePath));
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new ExtractionError('corrupt-document', `unreadable OpenDocument file: ${message}`);
  }
  throwIfAborted(context.signal);
  const totalChars = pages.reduce(
    (sum, p) => sum + p.paragraphs.reduce((s, paragraph) => s + paragraph.text.length, 0),
    0,
  );
  if (totalChars > context.maxTextChars) {
    throw new ExtractionError('too-large', `more than ${context.maxTextChars} characters`, {
      limit: 'characters',
      max: context.maxTextChars,
    });
  }
  let sections: ExtractedSection[];
  let pageCount: number;
  if (kind === 'odp') {
    sections = pages
      .map((slide, index) => ({
        page: index + 1,
        text: slide.paragraphs.map((p) => p.text).join('\n'),
      }))
      .filter((section) => section.text);
    pageCount = pages.length;
  } else {
    sections = groupParagraphsIntoBlocks(
      pages.flatMap((p) => p.paragraphs),
      context.blockChars,
    );
    pageCount = sections.length;
  }
  if (sections.length === 0) throw new ExtractionError('no-text', 'the document has no text');
  return { sections, pageCount };
}
