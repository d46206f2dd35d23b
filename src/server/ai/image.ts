import {
  detectDocumentKind,
  extractDocument,
  ExtractionError,
  isImageKind,
  DocumentRejectedError,
} from '#server/ingest/index.ts';
import {
  describeImageSize,
  exceedsPixelLimit,
  readImageHeaderFromFile,
} from '#server/lib/image-header.ts';
import { imageTooManyPixels } from '#server/lib/uploads.ts';

/*
 * A visitor's photo as text, so it can be asked about like a typed question: the ingestion's
 * image reader (OCR with the installed English model, or `describeImage`, e.g. a vision model,
 * when given). A photo without legible text gives ''.
 */

export interface TextFromImageOptions {
  /** Replaces OCR, e.g. with a vision model; when it fails, OCR is used. */
  describeImage?: (filePath: string) => Promise<string>;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Text read from a JPEG or PNG. Throws DocumentRejectedError when the bytes are not such an
 * image (answer 415), an AppError (413) above MAX_IMAGE_PIXELS, ExtractionError when it is
 * damaged (answer 422).
 */
export async function textFromImage(
  filePath: string,
  options: TextFromImageOptions = {},
): Promise<string> {
  const detection = await detectDocumentKind(filePath, 'photo');
  if (!detection.ok) {
    throw new DocumentRejectedError(detection.reason, detection.message, detection.params);
  }
  if (!isImageKind(detection.kind)) {
    throw new DocumentRejectedError('unsupported', `a ${detection.kind} file is not an image`, {
      detectedType: detection.kind,
    });
  }
  // A pixel bomb (a small file that decodes to gigapixels) is refused from its header: 413.
  const header = await readImageHeaderFromFile(filePath);
  if (header && exceedsPixelLimit(header)) {
    throw imageTooManyPixels('photo', describeImageSize(header));
  }
  try {
    const { sections } = await extractDocument(filePath, detection.kind, {
      timeoutMs: options.timeoutMs ?? 30_000,
      ...(options.describeImage ? { describeImage: options.describeImage } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return sections
      .map((section) => section.text)
      .join('\n')
      .trim();
  } catch (error) {
    if (error instanceof ExtractionError && error.code === 'no-text') return '';
    throw error;
  }
}
