import { ExtractionError } from './errors.ts';
import { forEachZipEntry, openEntryStream, openZip } from './zip.ts';

/*
 * DOCX, PPTX, XLSX and OpenDocument files are zip files, and their parsers inflate them whole. A
 * 400 KB "document" can inflate to gigabytes, so before any parser touches the file every entry
 * is inflated here as a stream that is counted and thrown away: the real output is measured
 * (headers can lie), memory stays flat, and the walk stops at the first limit crossed.
 */

export interface ZipLimits {
  maxEntries: number;
  maxTotalUncompressedBytes: number;
  /** Output bytes per compressed byte past which a large entry is treated as a bomb. */
  maxCompressionRatio: number;
  /**
   * Largest single XML part (word/document.xml, a slide). The parsers hold a part as one string
   * and parse it in one go, so this bounds their memory and time; media entries are not held.
   */
  maxXmlPartBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxTotalUncompressedBytes: 200 * 1024 * 1024,
  maxCompressionRatio: 200,
  maxXmlPartBytes: 64 * 1024 * 1024,
};

/** The ratio check starts at this size: tiny, repetitive XML parts legitimately compress well. */
const RATIO_CHECK_FROM_BYTES = 1024 * 1024;
/**
 * Office and OpenDocument parts never carry a DTD; one that does is an entity bomb ("billion
 * laughs") or an external-entity probe, refused before any parser sees it. A DTD must come before
 * the root element, so the first bytes of each XML part are enough.
 */
const DTD = /<!(DOCTYPE|ENTITY)/i;
const PROLOG_BYTES = 4096;

export interface ZipSafetyReport {
  entries: number;
  compressedBytes: number;
  uncompressedBytes: number;
}

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

function bomb(message: string, limit: string): ExtractionError {
  return new ExtractionError('zip-bomb', message, { limit });
}

/**
 * Throws ExtractionError('zip-bomb' | 'too-large' | 'encrypted' | 'corrupt-document'); an XML
 * part declaring a DTD counts as a bomb (limit 'xml-entities').
 */
export async function assertZipIsSafe(
  filePath: string,
  limits: Partial<ZipLimits> = {},
): Promise<ZipSafetyReport> {
  const { maxEntries, maxTotalUncompressedBytes, maxCompressionRatio, maxXmlPartBytes } = {
    ...DEFAULT_ZIP_LIMITS,
    ...limits,
  };
  let zipfile;
  try {
    zipfile = await openZip(filePath);
  } catch (error) {
    throw new ExtractionError('corrupt-document', `not a readable zip: ${String(error)}`);
  }
  const report: ZipSafetyReport = { entries: 0, compressedBytes: 0, uncompressedBytes: 0 };
  try {
    if (zipfile.entryCount > maxEntries) {
      throw new ExtractionError(
        'too-large',
        `${zipfile.entryCount} zip entries (limit ${maxEntries})`,
        { limit: 'entries', max: maxEntries },
      );
    }
    let declaredTotal = 0;
    await forEachZipEntry(zipfile, async (entry) => {
      report.entries++;
      if (report.entries > maxEntries) {
        throw new ExtractionError('too-large', `more than ${maxEntries} zip entries`, {
          limit: 'entries',
          max: maxEntries,
        });
      }
      // What the directory declares is checked first: a bomb that admits its size is refused
      // without inflating a byte.
      declaredTotal += entry.uncompressedSize;
      if (declaredTotal > maxTotalUncompressedBytes) {
        throw bomb(`declares ${mb(declaredTotal)} MB uncompressed`, 'total-size');
      }
      if (entry.fileName.endsWith('/')) return;
      if (entry.isEncrypted()) {
        throw new ExtractionError('encrypted', `zip entry ${entry.fileName} is encrypted`);
      }
      report.compressedBytes += entry.compressedSize;
      const isXmlPart = /\.(xml|rels)$/i.test(entry.fileName);
      const stream = await openEntryStream(zipfile, entry);
      let entryBytes = 0;
      let prolog = '';
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          if (isXmlPart && prolog.length < PROLOG_BYTES) {
            prolog += chunk.subarray(0, PROLOG_BYTES).toString('latin1');
            if (DTD.test(prolog)) {
              throw bomb(`${entry.fileName} declares a DTD (XML entities)`, 'xml-entities');
            }
          }
          entryBytes += chunk.length;
          report.uncompressedBytes += chunk.length;
          if (report.uncompressedBytes > maxTotalUncompressedBytes) {
            throw bomb(`inflates past ${mb(maxTotalUncompressedBytes)} MB`, 'total-size');
          }
          if (isXmlPart && entryBytes > maxXmlPartBytes) {
            throw new ExtractionError(
              'too-large',
              `${entry.fileName} is larger than ${mb(maxXmlPartBytes)} MB`,
              { limit: 'xml-part', max: maxXmlPartBytes },
            );
          }
          if (
            entryBytes > RATIO_CHECK_FROM_BYTES &&
            entryBytes / Math.max(1, entry.compressedSize) > maxCompressionRatio
          ) {
            throw bomb(
              `${entry.fileName} inflates more than ${maxCompressionRatio}x its compressed size`,
              'ratio',
            );
          }
        }
      } finally {
        stream.destroy();
      }
    });
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    // yauzl notices an entry inflating to more than its header said: a lying header.
    if (/too many bytes|too few bytes/i.test(message)) throw bomb(message, 'size-mismatch');
    throw new ExtractionError('corrupt-document', `damaged zip: ${message}`);
  } finally {
    zipfile.close();
  }
  return report;
}
