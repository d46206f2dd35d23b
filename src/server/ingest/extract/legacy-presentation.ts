import { ExtractionError } from '../errors.ts';
import { assertZipIsSafe } from '../zip-safety.ts';
import { locateSoffice, withLibreOfficeConversion } from './libreoffice.ts';
import { extractPptx } from './pptx.ts';
import type { ExtractContext, ExtractedDocument } from './types.ts';

/*
 * PowerPoint 97-2003 (.ppt) and WPS Presentation (.dps): no maintained JavaScript parser reads
 * them, so LibreOffice converts them to PPTX, which is then checked and read like any PPTX
 * (slide order, tables with their headers). Detection only accepts these files when LibreOffice
 * is installed; the check here covers a server whose LibreOffice went away since the upload.
 */

/** Part of the extraction's time that LibreOffice may use (the rest reads the PPTX). */
const CONVERSION_SHARE = 0.8;

export async function extractLegacyPresentation(
  filePath: string,
  context: ExtractContext,
): Promise<ExtractedDocument> {
  const soffice = locateSoffice(context.sofficePath);
  if (!soffice) {
    throw new ExtractionError('corrupt-document', 'LibreOffice is needed for .ppt and .dps', {
      limit: 'libreoffice',
    });
  }
  const timeoutMs = Math.max(5_000, (context.deadlineAt - Date.now()) * CONVERSION_SHARE);
  return withLibreOfficeConversion(
    filePath,
    { soffice, to: 'pptx', inputExtension: 'ppt', timeoutMs, signal: context.signal },
    async (pptx) => {
      await assertZipIsSafe(pptx);
      return extractPptx(pptx, context);
    },
  );
}
