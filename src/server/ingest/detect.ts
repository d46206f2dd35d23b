import fs from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import type { IngestErrorParams, RejectionReason } from './errors.ts';
import { hasOleSignature, identifyOleContainer } from './ole-container.ts';
import { sniffTextEncoding, type TextEncodingName } from './text-encoding.ts';
import { listZip } from './zip.ts';

/*
 * The kind of a document is decided from its bytes. The name the browser sent is only used to
 * word a hint (which legacy format to save as); a PNG named .pdf is a PNG.
 */

export const DOCUMENT_KINDS = ['pdf', 'docx', 'pptx', 'txt', 'jpg', 'png'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const MIME_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
  jpg: 'image/jpeg',
  png: 'image/png',
};

export type DocumentDetection =
  | { ok: true; kind: DocumentKind; mimeType: string; textEncoding?: TextEncodingName }
  | { ok: false; reason: RejectionReason; message: string; params: IngestErrorParams };

export const isImageKind = (kind: DocumentKind): kind is 'jpg' | 'png' =>
  kind === 'jpg' || kind === 'png';

/** Bytes read for magic numbers; file-type wants about 4 KB for its own answers. */
const HEAD_BYTES = 8192;

const accept = (kind: DocumentKind, textEncoding?: TextEncodingName): DocumentDetection => ({
  ok: true,
  kind,
  mimeType: MIME_TYPES[kind],
  ...(textEncoding ? { textEncoding } : {}),
});

const reject = (
  reason: RejectionReason,
  message: string,
  params: IngestErrorParams = {},
): DocumentDetection => ({ ok: false, reason, message, params });

const startsWith = (head: Uint8Array, bytes: readonly number[], offset = 0) =>
  bytes.every((byte, index) => head[offset + index] === byte);

const ZIP_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
  [0x50, 0x4b, 0x07, 0x08],
] as const;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff] as const;

async function readHead(filePath: string): Promise<{ head: Uint8Array; size: number }> {
  const file = await fs.open(filePath, 'r');
  try {
    const { size } = await file.stat();
    const buffer = Buffer.alloc(Math.min(HEAD_BYTES, size));
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    return { head: buffer.subarray(0, bytesRead), size };
  } finally {
    await file.close();
  }
}

/** A PDF may carry a little junk before its header; readers accept it within the first 1 KB. */
function hasPdfHeader(head: Uint8Array): boolean {
  return Buffer.from(head.subarray(0, 1024)).includes('%PDF-');
}

/** Decides what the file is from its content: one of DOCUMENT_KINDS, or a reasoned refusal. */
export async function detectDocumentKind(
  filePath: string,
  originalName: string,
): Promise<DocumentDetection> {
  const { head, size } = await readHead(filePath);
  if (size === 0) return reject('empty', 'the file is empty');

  if (ZIP_SIGNATURES.some((signature) => startsWith(head, signature))) {
    return detectZipKind(filePath);
  }
  if (hasOleSignature(head)) return detectOleKind(filePath, originalName);
  if (hasPdfHeader(head)) return accept('pdf');
  if (startsWith(head, PNG_SIGNATURE)) return accept('png');
  if (startsWith(head, JPEG_SIGNATURE)) return accept('jpg');

  const known = await fileTypeFromBuffer(head);
  if (known) {
    return reject('unsupported', `bytes of a ${known.ext} file`, { detectedType: known.ext });
  }
  return detectText(filePath, head);
}

const WORD_MAIN_TYPES = [
  'wordprocessingml.document.main+xml',
  'wordprocessingml.template.main+xml',
  'ms-word.document.macroenabled.main+xml',
  'ms-word.template.macroenabledtemplate.main+xml',
];
const PRESENTATION_MAIN_TYPES = [
  'presentationml.presentation.main+xml',
  'presentationml.slideshow.main+xml',
  'presentationml.template.main+xml',
  'ms-powerpoint.presentation.macroenabled.main+xml',
  'ms-powerpoint.slideshow.macroenabled.main+xml',
];

async function detectZipKind(filePath: string): Promise<DocumentDetection> {
  let listing;
  try {
    listing = await listZip(filePath, ['[Content_Types].xml']);
  } catch (error) {
    return reject('corrupt-document', `zip directory unreadable: ${String(error)}`);
  }
  const contentTypes = listing.texts.get('[Content_Types].xml')?.toLowerCase() ?? '';
  const names = new Set(listing.entries.map((entry) => entry.name));
  const declares = (types: string[]) => types.some((type) => contentTypes.includes(type));
  // An OOXML package names its main part in [Content_Types].xml and keeps it in its folder.
  const isWord = declares(WORD_MAIN_TYPES) && [...names].some((n) => n.startsWith('word/'));
  const isPresentation = declares(PRESENTATION_MAIN_TYPES) && names.has('ppt/presentation.xml');
  if (isPresentation && !isWord) return accept('pptx');
  if (isWord && !isPresentation) return accept('docx');
  if (contentTypes.includes('spreadsheetml.sheet.main+xml')) {
    return reject('unsupported', 'an Excel workbook', { detectedType: 'xlsx' });
  }
  return reject('unsupported', 'a zip archive that is not a Word or PowerPoint file', {
    detectedType: 'zip',
  });
}

async function detectOleKind(filePath: string, originalName: string): Promise<DocumentDetection> {
  const content = await identifyOleContainer(filePath, originalName);
  switch (content) {
    case 'encrypted-ooxml':
      return reject('encrypted', 'a password-protected Office file');
    case 'ppt':
      return reject('legacy-ppt', 'a legacy PowerPoint 97-2003 file', {
        legacyFormat: 'ppt',
        suggestedFormat: 'pptx',
      });
    case 'doc':
      return reject('legacy-ppt', 'a legacy Word 97-2003 file', {
        legacyFormat: 'doc',
        suggestedFormat: 'docx',
      });
    case 'xls':
      // Spreadsheets are not read at all: a PDF export keeps their tables readable.
      return reject('legacy-ppt', 'a legacy Excel 97-2003 file', {
        legacyFormat: 'xls',
        suggestedFormat: 'pdf',
      });
    default:
      return reject('unsupported', 'an OLE compound file that is not an Office document', {
        detectedType: 'cfb',
      });
  }
}

const MARKUP = /^\s*<(\?xml|svg|!doctype html|html)\b/i;

async function detectText(filePath: string, head: Uint8Array): Promise<DocumentDetection> {
  const sniff = await sniffTextEncoding(filePath, head);
  if (!sniff.ok) {
    return reject(
      'text-encoding',
      sniff.why === 'binary'
        ? 'binary content, not text'
        : 'text in an encoding other than UTF-8, UTF-16, GB18030 or Big5',
    );
  }
  if (sniff.isBlank) return reject('empty', 'the text file holds only whitespace');
  const start = new TextDecoder(sniff.encoding).decode(head.subarray(0, 512));
  if (MARKUP.test(start.replace(/^\uFEFF/, ''))) {
    return reject('unsupported', 'an XML, SVG or HTML file', { detectedType: 'markup' });
  }
  return accept('txt', sniff.encoding);
}
