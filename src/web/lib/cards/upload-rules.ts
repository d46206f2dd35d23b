import { isLogoType } from '#shared/limits.ts';
import {
  DOCUMENT_ACCEPT,
  LOGO_MAX_BYTES,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_UPLOAD,
} from '#shared/schemas/cards.ts';

/** Why a file is refused before it is sent (the server checks again, by content). */
export type DocumentRejection = 'tooLarge' | 'tooMany' | 'type' | 'empty';

export interface FileLike {
  name: string;
  size: number;
  type?: string;
}

export const ACCEPTED_EXTENSIONS: readonly string[] = DOCUMENT_ACCEPT.split(',').map((ext) =>
  ext.trim().toLowerCase(),
);

/** ".pdf" for "Catalogue.PDF", "" when there is no extension. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** The first rule a single file breaks, or null when it may be uploaded. */
export function documentRejection(file: FileLike): Exclude<DocumentRejection, 'tooMany'> | null {
  if (!ACCEPTED_EXTENSIONS.includes(fileExtension(file.name))) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_DOCUMENT_BYTES) return 'tooLarge';
  return null;
}

export interface DocumentSelection<T extends FileLike> {
  accepted: T[];
  rejected: Array<{ file: T; reason: DocumentRejection }>;
}

/**
 * Splits newly chosen files into those to upload and those refused. `alreadyCounted` is the
 * number of documents the card already has or is uploading: together at most
 * MAX_DOCUMENTS_PER_UPLOAD (10).
 */
export function selectDocuments<T extends FileLike>(
  files: readonly T[],
  alreadyCounted: number,
  max = MAX_DOCUMENTS_PER_UPLOAD,
): DocumentSelection<T> {
  const accepted: T[] = [];
  const rejected: DocumentSelection<T>['rejected'] = [];
  for (const file of files) {
    const reason = documentRejection(file);
    if (reason) rejected.push({ file, reason });
    else if (alreadyCounted + accepted.length >= max) rejected.push({ file, reason: 'tooMany' });
    else accepted.push(file);
  }
  return { accepted, rejected };
}

export type LogoRejection = 'type' | 'tooLarge';

/**
 * The one logo rule (limits.ts), the same in the wizard, the logo screen and the card editor:
 * a PNG, JPEG, GIF or WebP image of at most 5 MB. The server checks the bytes again.
 */
export function logoRejection(file: FileLike): LogoRejection | null {
  if (!isLogoType(file.type)) return 'type';
  if (file.size > LOGO_MAX_BYTES) return 'tooLarge';
  return null;
}

/** "1.4 MB", "820 KB", "12 B" in the interface language's digits. */
export function formatBytes(bytes: number, locale = 'en'): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString(locale, { maximumFractionDigits: digits })} ${units[unit]}`;
}
