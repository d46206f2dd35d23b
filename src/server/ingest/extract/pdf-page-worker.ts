import fs from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { openPdf, type PdfDocument } from './pdf-document.ts';
import { processResidentBytes } from './pdf-memory.ts';
import { PageClaims, readPage, type PageResult } from './pdf-pages.ts';

/*
 * The helper thread of pdf-page-helper.ts: opens the same file as the thread that asked, takes
 * pages from the shared counter until none is left and sends each page's text back. A page it
 * cannot read, or that may be a scan (almost no text), is not sent: the asking thread reads it
 * again, and reports its error or decides about OCR. Once the process holds more memory than
 * the job allows, it takes no further page (the asking thread reads them) and says it is done.
 */

export interface HelperJob {
  filePath: string;
  pageCount: number;
  claims: SharedArrayBuffer;
  /** Resident memory of the whole process above which no further page is taken. */
  maxProcessBytes: number;
}

export type HelperMessage = { type: 'page'; result: PageResult } | { type: 'done' };

const port = parentPort!;

async function readClaimedPages(job: HelperJob): Promise<void> {
  const claims = new PageClaims(job.pageCount, job.claims);
  let pdf: PdfDocument | null = null;
  try {
    pdf = await openPdf(new Uint8Array(await fs.readFile(job.filePath)));
    const nextPage = () => (processResidentBytes() < job.maxProcessBytes ? claims.next() : null);
    for (let page = nextPage(); page !== null; page = nextPage()) {
      const result = await readPage(pdf, page, { decodeImages: false }).catch(() => null);
      if (result) port.postMessage({ type: 'page', result } satisfies HelperMessage);
    }
  } catch {
    // Whatever is left unread, the asking thread reads itself.
  } finally {
    await pdf?.destroy().catch(() => undefined);
    port.postMessage({ type: 'done' } satisfies HelperMessage);
  }
}

port.on('message', (job: HelperJob) => void readClaimedPages(job));
