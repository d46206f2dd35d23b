import { textFromImage } from '#server/ai/image.ts';
import { DocumentRejectedError, isIngestError } from '#server/ingest/index.ts';
import { AppError } from '#server/lib/errors.ts';
import { parsePaperCard } from './paper-card.ts';

/**
 * A photo of a paper business card, read by the same OCR as documents (Chinese and English,
 * checked by its bytes, refused above the pixel limit) and parsed into contact fields.
 */
export async function readPaperCard(filePath: string) {
  let text: string;
  try {
    text = await textFromImage(filePath, { timeoutMs: 60_000 });
  } catch (error) {
    if (error instanceof DocumentRejectedError) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'errors.notAnImage');
    }
    if (isIngestError(error)) throw new AppError('UNPROCESSABLE', `documents.errors.${error.code}`);
    throw error;
  }
  return { ...parsePaperCard(text), text };
}
