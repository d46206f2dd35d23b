import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { isLogoType, LOGO_TYPES } from '#shared/limits.ts';
import { replaceLoneSurrogates } from '#shared/safe-text.ts';
import { AppError } from './errors.ts';
import {
  describeImageSize,
  exceedsPixelLimit,
  MAX_IMAGE_MEGAPIXELS,
  readImageHeaderFromFile,
} from './image-header.ts';
import { makePrivateDir, PRIVATE_FILE_MODE } from './private-fs.ts';
import { logoKey } from './storage-keys.ts';
import type { Storage } from './storage.ts';

/*
 * Multipart uploads stream straight to disk under DATA_DIR: the size and count limits are
 * enforced while the bytes arrive, so memory stays flat whatever the client sends. Files of a
 * refused request are removed again.
 */

export interface SavedFile {
  field: string;
  /** The name the client gave; used for display only, never for paths or type decisions. */
  originalName: string;
  path: string;
  size: number;
}

export interface MultipartResult {
  fields: Record<string, string>;
  files: SavedFile[];
}

export interface MultipartLimits {
  maxFileBytes: number;
  maxFiles: number;
  /** Which file fields are accepted; other file fields are refused. */
  fileFields: readonly string[];
  /** Called for each text field as it arrives (before later files), e.g. to check ownership. */
  onField?: (name: string, value: string) => Promise<void> | void;
  /** What the account may still store; checked before each file and while its bytes arrive. */
  quota?: UploadQuota;
}

export interface UploadQuota {
  /** Files this request may still add. */
  files: number;
  /** Bytes this request may still add, all its files together. */
  bytes: number;
  /** The error that names the account's limit. */
  exceeded: (limit: 'files' | 'bytes') => AppError;
}

const MAX_FIELD_BYTES = 10_000;
const MAX_FIELDS = 30;

function formatMegabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

export async function saveMultipart(
  request: FastifyRequest,
  dir: string,
  limits: MultipartLimits,
): Promise<MultipartResult> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'errors.expectedMultipart');
  }
  await makePrivateDir(dir);
  const result: MultipartResult = { fields: {}, files: [] };
  const quota = limits.quota;
  let totalBytes = 0;
  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.maxFileBytes,
        files: limits.maxFiles,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        result.fields[part.fieldname] = value;
        await limits.onField?.(part.fieldname, value);
        continue;
      }
      if (!limits.fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw new AppError('VALIDATION_ERROR', 'errors.unexpectedFileField', {
          field: part.fieldname,
        });
      }
      if (quota && result.files.length >= quota.files) {
        part.file.resume();
        throw quota.exceeded('files');
      }
      const target = path.join(dir, `${Date.now()}-${randomBytes(8).toString('hex')}.upload`);
      const saved: SavedFile = {
        field: part.fieldname,
        originalName: sanitizeFileName(part.filename),
        path: target,
        size: 0,
      };
      result.files.push(saved);
      part.file.on('data', (chunk: Buffer) => {
        saved.size += chunk.length;
        totalBytes += chunk.length;
        if (quota && totalBytes > quota.bytes) part.file.destroy(quota.exceeded('bytes'));
      });
      await pipeline(part.file, createWriteStream(target, { mode: PRIVATE_FILE_MODE }));
      if (part.file.truncated) throw fileTooLarge(saved.originalName, limits.maxFileBytes);
    }
  } catch (error) {
    await removeFiles(result.files);
    throw translateMultipartError(error, limits);
  }
  return result;
}

function fileTooLarge(fileName: string, maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', 'errors.fileTooLarge', {
    fileName,
    limit: formatMegabytes(maxBytes),
  });
}

function translateMultipartError(error: unknown, limits: MultipartLimits): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge('', limits.maxFileBytes);
    case 'FST_FILES_LIMIT':
      return new AppError('TOO_MANY_FILES', 'errors.tooManyFiles', { max: limits.maxFiles });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('VALIDATION_ERROR', 'errors.malformedUpload');
    default:
      // Busboy reports a cut-off or malformed body as a plain Error.
      if (error instanceof Error && /multipart|boundary|Unexpected end/i.test(error.message)) {
        return new AppError('VALIDATION_ERROR', 'errors.malformedUpload');
      }
      return error;
  }
}

export async function removeFiles(files: readonly { path: string }[]): Promise<void> {
  await Promise.all(files.map((file) => fs.rm(file.path, { force: true })));
}

/**
 * Control characters (C0, C1), bidi controls that could make "invoice\u202Efdp.exe" display as
 * "invoiceexe.pdf" (U+202A-202E, U+2066-2069, U+200E/F, U+061C), line separators and BOMs.
 */
const UNSAFE_NAME_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;
const MAX_FILE_NAME_CHARACTERS = 200;

/** Keeps a display name readable but harmless: no paths, no control characters, bounded. */
export function sanitizeFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = replaceLoneSurrogates(base, '')
    .normalize('NFC')
    .replace(UNSAFE_NAME_CHARACTERS, '')
    .trim();
  // Cut by code point, so a character outside the BMP is never split in half.
  return Array.from(clean || 'file')
    .slice(0, MAX_FILE_NAME_CHARACTERS)
    .join('');
}

/** 413 for an image whose header claims more pixels than we decode (a pixel bomb). */
export function imageTooManyPixels(fileName: string, size: string): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', 'errors.imageTooManyPixels', {
    fileName,
    size,
    megapixels: MAX_IMAGE_MEGAPIXELS,
  });
}

/**
 * Puts an uploaded image into the owner's logos when its bytes are a PNG, JPEG, GIF or WebP
 * (never SVG: it could carry script). Returns the stored file name.
 */
export async function keepImage(
  file: SavedFile,
  storage: Storage,
  userId: number,
): Promise<string> {
  const type = await fileTypeFromFile(file.path).catch(() => undefined);
  const extension = type && isLogoType(type.mime) ? LOGO_TYPES[type.mime] : undefined;
  const header = extension ? await readImageHeaderFromFile(file.path) : null;
  if (!extension || !header) {
    await removeFiles([file]);
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'errors.notAnImage', {
      fileName: file.originalName,
    });
  }
  if (exceedsPixelLimit(header)) {
    await removeFiles([file]);
    throw imageTooManyPixels(file.originalName, describeImageSize(header));
  }
  const name = `${randomBytes(12).toString('hex')}.${extension}`;
  await storage.putFile(logoKey(userId, name), file.path, type?.mime);
  return name;
}
