import fs from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import { DOCUMENT_FORMAT_KINDS, type DocumentFormatKind } from '#shared/limits.ts';
import type { IngestErrorParams, RejectionReason } from './errors.ts';
import { hasOleSignature, identifyOleContainer } from './ole-container.ts';
import { locateSoffice } from './extract/libreoffice.ts';
import { sniffTextEncoding, type TextEncodingName } from './text-encoding.ts';
import { listZip } from './zip.ts';
import type { ZipLimits } from './zip-safety.ts';

/*
 * The kind of a document is decided from its bytes. The name the browser sent is only used to
 * word a hint (which legacy format to save as); a PNG named .pdf is a PNG.
 */

export const DOCUMENT_KINDS = DOCUMENT_FORMAT_KINDS;
export type DocumentKind = DocumentFormatKind;

const OOXML = 'application/vnd.openxmlformats-officedocument';
const ODF = 'application/vnd.oasis.opendocument';
export const MIME_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  docx: `${OOXML}.wordprocessingml.document`,
  pptx: `${OOXML}.presentationml.presentation`,
  xlsx: `${OOXML}.spreadsheetml.sheet`,
  doc: 'application/msword',
  wps: 'application/vnd.ms-works',
  ppt: 'application/vnd.ms-powerpoint',
  dps: 'application/vnd.ms-powerpoint',
  xls: 'application/vnd.ms-excel',
  et: 'application/vnd.ms-excel',
  odt: `${ODF}.text`,
  odp: `${ODF}.presentation`,
  ods: `${ODF}.spreadsheet`,
  rtf: 'application/rtf',
  csv: 'text/csv',
  txt: 'text/plain',
  html: 'text/html',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** Kinds stored as zip packages: their entries are checked by assertZipIsSafe before parsing. */
const ZIP_KINDS: ReadonlySet<DocumentKind> = new Set(['docx', 'pptx', 'xlsx', 'odt', 'odp', 'ods']);
export const isZipKind = (kind: DocumentKind): boolean => ZIP_KINDS.has(kind);

/**
 * Zip limits per kind. A spreadsheet parser holds each sheet's XML and its shared strings as
 * strings and builds an object per cell, so its parts are held to a smaller size than a DOCX's.
 */
export function zipLimitsFor(kind: DocumentKind): Partial<ZipLimits> {
  return kind === 'xlsx' || kind === 'ods'
    ? { maxXmlPartBytes: 48 * 1024 * 1024, maxTotalUncompressedBytes: 160 * 1024 * 1024 }
    : {};
}

export interface DetectOptions {
  /** SOFFICE_PATH: where LibreOffice is (else PATH). Decides whether .ppt/.dps are accepted. */
  sofficePath?: string;
}

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
  options: DetectOptions = {},
): Promise<DocumentDetection> {
  const { head, size } = await readHead(filePath);
  if (size === 0) return reject('empty', 'the file is empty');

  if (ZIP_SIGNATURES.some((signature) => startsWith(head, signature))) {
    return detectZipKind(filePath);
  }
  if (hasOleSignature(head)) return detectOleKind(filePath, originalName, options);
  if (hasPdfHeader(head)) return accept('pdf');
  if (startsWith(head, PNG_SIGNATURE)) return accept('png');
  if (startsWith(head, JPEG_SIGNATURE)) return accept('jpg');

  if (isRtf(head)) return accept('rtf');
  // Text that starts with a byte-order mark is text, whatever a magic-number table guesses
  // (UTF-16 CSV looks like an MPEG frame to file-type).
  if (hasTextBom(head)) return detectText(filePath, head, originalName);

  const known = await fileTypeFromBuffer(head);
  if (known) {
    return reject('unsupported', `bytes of a ${known.ext} file`, { detectedType: known.ext });
  }
  return detectText(filePath, head, originalName);
}

/** "deck.DPS" -> "dps". */
const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

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

const SPREADSHEET_MAIN_TYPES = [
  'spreadsheetml.sheet.main+xml',
  'spreadsheetml.template.main+xml',
  'ms-excel.sheet.macroenabled.main+xml',
  'ms-excel.template.macroenabled.main+xml',
];
const ODF_KINDS: Record<string, DocumentKind> = {
  [`${ODF}.text`]: 'odt',
  [`${ODF}.text-template`]: 'odt',
  [`${ODF}.presentation`]: 'odp',
  [`${ODF}.presentation-template`]: 'odp',
  [`${ODF}.spreadsheet`]: 'ods',
  [`${ODF}.spreadsheet-template`]: 'ods',
};

async function detectZipKind(filePath: string): Promise<DocumentDetection> {
  let listing;
  try {
    listing = await listZip(filePath, ['[Content_Types].xml', 'mimetype'], {
      maxBytesPerText: 2 * 1024 * 1024,
    });
  } catch (error) {
    return reject('corrupt-document', `zip directory unreadable: ${String(error)}`);
  }
  const contentTypes = listing.texts.get('[Content_Types].xml')?.toLowerCase() ?? '';
  const names = new Set(listing.entries.map((entry) => entry.name));
  const declares = (types: string[]) => types.some((type) => contentTypes.includes(type));
  // An OOXML package names its main part in [Content_Types].xml and keeps it in its folder.
  const isWord = declares(WORD_MAIN_TYPES) && [...names].some((n) => n.startsWith('word/'));
  const isPresentation = declares(PRESENTATION_MAIN_TYPES) && names.has('ppt/presentation.xml');
  const isWorkbook =
    declares(SPREADSHEET_MAIN_TYPES) && [...names].some((n) => n.startsWith('xl/'));
  const found = [isWord, isPresentation, isWorkbook].filter(Boolean).length;
  if (found === 1 && isPresentation) return accept('pptx');
  if (found === 1 && isWord) return accept('docx');
  if (found === 1 && isWorkbook) return accept('xlsx');
  // OpenDocument: a first, stored entry "mimetype" says what the package is.
  const odfKind = ODF_KINDS[listing.texts.get('mimetype')?.trim() ?? ''];
  if (found === 0 && odfKind && names.has('content.xml')) return accept(odfKind);
  return reject('unsupported', 'a zip archive that is not an Office document', {
    detectedType: 'zip',
  });
}

async function detectOleKind(
  filePath: string,
  originalName: string,
  options: DetectOptions,
): Promise<DocumentDetection> {
  const content = await identifyOleContainer(filePath, originalName);
  const extension = extensionOf(originalName);
  switch (content) {
    case 'encrypted-ooxml':
      return reject('encrypted', 'a password-protected Office file');
    case 'doc':
      // WPS Writer saves .wps in Word's container: same reader, its own name.
      return accept(extension === 'wps' ? 'wps' : 'doc');
    case 'xls':
      return accept(extension === 'et' ? 'et' : 'xls');
    case 'ppt': {
      const kind = extension === 'dps' ? 'dps' : 'ppt';
      if (locateSoffice(options.sofficePath)) return accept(kind);
      return reject(
        'legacy-ppt',
        `a ${kind === 'dps' ? 'WPS' : 'PowerPoint 97-2003'} presentation, and LibreOffice is not installed`,
        { legacyFormat: kind, suggestedFormat: 'pptx' },
      );
    }
    default:
      return reject('unsupported', 'an OLE compound file that is not an Office document', {
        detectedType: 'cfb',
      });
  }
}

const MARKUP = /^\s*<(\?xml|svg|!doctype html|html)\b/i;
const HTML = /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype html|html)\b/i;
const RTF = /^\s*\{\\rtf/;
/** Names under which Word and WPS save a "web page" that people still call a Word file. */
const WORD_NAMES = new Set(['doc', 'dot', 'wps']);
const DELIMITED_NAMES = new Set(['csv', 'tsv']);

/** RTF is 7-bit text that escapes everything else; file-type would call it an "rtf" file. */
const isRtf = (head: Uint8Array) =>
  RTF.test(
    Buffer.from(head.subarray(0, 64))
      .toString('latin1')
      .replace(/^\xEF\xBB\xBF/, ''),
  );

const hasTextBom = (head: Uint8Array) =>
  startsWith(head, [0xef, 0xbb, 0xbf]) ||
  startsWith(head, [0xff, 0xfe]) ||
  startsWith(head, [0xfe, 0xff]);

async function detectText(
  filePath: string,
  head: Uint8Array,
  originalName: string,
): Promise<DocumentDetection> {
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
  const extension = extensionOf(originalName);
  const withoutBom = start.replace(/^\uFEFF/, '');
  // A ".doc" that is really a web page (Word's "Save as HTML", common): read as what it is.
  if (WORD_NAMES.has(extension) && HTML.test(withoutBom)) return accept('html', sniff.encoding);
  if (MARKUP.test(withoutBom)) {
    return reject('unsupported', 'an XML, SVG or HTML file', { detectedType: 'markup' });
  }
  return accept(DELIMITED_NAMES.has(extension) ? 'csv' : 'txt', sniff.encoding);
}
