import { OfficeParser, type OfficeContentNode } from 'officeparser';
import { throwIfAborted } from '../deadline.ts';
import { ExtractionError } from '../errors.ts';
import { listZip } from '../zip.ts';
import { tidyText } from './normalize.ts';
import { CELL_SEPARATOR, tableLines } from './table-rows.ts';
import type { ExtractContext, ExtractedDocument, ExtractedSection } from './types.ts';

/*
 * PPTX text per slide with officeparser. Its slide numbers come from part names (slide7.xml),
 * which stop matching what the audience sees once slides are reordered, so the order is taken
 * from presentation.xml. Speaker notes and review comments are left out: they are the
 * presenter's private words, not what the exhibitor shows visitors.
 */

export const PRESENTATION = 'ppt/presentation.xml';
export const PRESENTATION_RELS = 'ppt/_rels/presentation.xml.rels';

/** Slide part number (slideN.xml) to its position in the show, from presentation.xml. */
export function slideOrderFromPresentation(
  presentationXml: string,
  relsXml: string,
): Map<number, number> {
  const targets = new Map<string, string>();
  for (const match of relsXml.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = /\bId="([^"]+)"/.exec(match[0])?.[1];
    const target = /\bTarget="([^"]+)"/.exec(match[0])?.[1];
    if (id && target) targets.set(id, target);
  }
  const order = new Map<number, number>();
  const list = /<p:sldIdLst>([\s\S]*?)<\/p:sldIdLst>/.exec(presentationXml)?.[1] ?? '';
  for (const match of list.matchAll(/<p:sldId\b[^>]*\br:id="([^"]+)"/g)) {
    const target = targets.get(match[1] ?? '');
    const partNumber = target ? /slide(\d+)\.xml$/.exec(target)?.[1] : undefined;
    if (partNumber) order.set(Number(partNumber), order.size + 1);
  }
  return order;
}

async function readSlideOrder(filePath: string): Promise<Map<number, number>> {
  try {
    const { texts } = await listZip(filePath, [PRESENTATION, PRESENTATION_RELS]);
    return slideOrderFromPresentation(
      texts.get(PRESENTATION) ?? '',
      texts.get(PRESENTATION_RELS) ?? '',
    );
  } catch {
    return new Map();
  }
}

/**
 * Visible text of a node: paragraphs on their own lines; a table one line per row, each value
 * named by its column header ("Model: QB60 · Price: 29.5").
 */
export function nodeText(node: OfficeContentNode): string {
  switch (node.type) {
    case 'paragraph':
    case 'heading':
    case 'text':
      return node.text ?? '';
    case 'table': {
      const rows = (node.children ?? [])
        .filter((child) => child.type === 'row')
        .map((row) => (row.children ?? []).map(nodeText));
      return tableLines(rows).join('\n');
    }
    case 'row':
      return (node.children ?? []).map(nodeText).filter(Boolean).join(CELL_SEPARATOR);
    case 'note':
    case 'comment':
      return '';
    default:
      if (node.children && node.children.length > 0) {
        return node.children.map(nodeText).filter(Boolean).join('\n');
      }
      return node.text ?? '';
  }
}

export async function extractPptx(
  filePath: string,
  context: ExtractContext,
): Promise<ExtractedDocument> {
  let slides: OfficeContentNode[];
  try {
    const ast = await OfficeParser.parseOffice(filePath, {
      fileType: 'pptx',
      ocr: false,
      extractAttachments: false,
      ignoreNotes: true,
      ignoreComments: true,
      ignoreSlideMasters: true,
      includeRawContent: false,
      abortSignal: context.signal,
      decompressionLimits: {
        maxUncompressedBytes: 256 * 1024 * 1024,
        maxZipEntries: 10_000,
        maxTableCells: 1_000_000,
      },
    });
    slides = ast.content.filter((node) => node.type === 'slide');
  } catch (error) {
    throwIfAborted(context.signal);
    const message = error instanceof Error ? error.message : String(error);
    throw new ExtractionError('corrupt-document', `unreadable PPTX: ${message}`);
  }
  throwIfAborted(context.signal);

  const order = await readSlideOrder(filePath);
  const partNumberOf = (slide: OfficeContentNode, index: number) =>
    slide.type === 'slide' && slide.metadata?.slideNumber ? slide.metadata.slideNumber : index + 1;
  // The slide number is the position in the show; a slide without text (officeparser drops
  // those) must not shift the numbers of the slides after it.
  const positioned = slides.map((slide, index) => {
    const partNumber = partNumberOf(slide, index);
    return { slide, slideNumber: order.size > 0 ? order.get(partNumber) : partNumber };
  });
  positioned.sort((a, b) => (a.slideNumber ?? Infinity) - (b.slideNumber ?? Infinity));

  const sections: ExtractedSection[] = [];
  let totalChars = 0;
  for (const { slide, slideNumber } of positioned) {
    const text = tidyText(nodeText(slide));
    // A part missing from presentation.xml is not shown in the deck either.
    if (!text || slideNumber === undefined) continue;
    totalChars += text.length;
    sections.push({ page: slideNumber, text });
  }
  if (totalChars > context.maxTextChars) {
    throw new ExtractionError('too-large', `more than ${context.maxTextChars} characters`, {
      limit: 'characters',
      max: context.maxTextChars,
    });
  }
  if (sections.length === 0) throw new ExtractionError('no-text', 'the slides have no text');
  return { sections, pageCount: order.size > 0 ? order.size : slides.length };
}
