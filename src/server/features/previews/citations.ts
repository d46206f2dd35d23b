import { and, eq, inArray, or } from 'drizzle-orm';
import type { TAnswerImage, TCitation } from '#shared/schemas/chat.ts';
import type { AppContext } from '#server/context.ts';
import { documents } from '#server/db/schema.ts';
import { markBoxes, pictureBeside } from './page-layout.ts';
import { MAX_PREVIEW_QUOTE } from './page-preview.ts';
import { pictureOf, pictureSize, picturedLayout, type VisibleDocument } from './page-sources.ts';

/*
 * An answer's citations as the chat shows them (decision 032): each with its document and the
 * URL of its page's preview, and the product pictures beside the cited passages.
 */

/** Pictures an answer carries at most. */
const MAX_ANSWER_PICTURES = 2;
/**
 * How long an answer waits for its pages' layouts before it goes without pictures: a PDF page's
 * first lookup starts the render child (~0.5 s built, a few seconds under tsx); later ones read
 * storage.
 */
const PICTURE_BUDGET_MS = 6000;

/** What the chat's answers carry of a document citation before it is shown. */
export interface SourceCitation {
  documentName: string;
  page: number | null;
  excerpt: string;
  /** undefined: not known yet (looked up by name); null: the exhibitor's own answer. */
  documentId?: number | null;
  previewUrl?: string | null;
}

export function previewUrlOf(documentId: number, page: number | null, excerpt: string): string {
  const quote = excerpt.slice(0, MAX_PREVIEW_QUOTE);
  return `/api/documents/${documentId}/pages/${page ?? 1}/preview?q=${encodeURIComponent(quote)}`;
}

interface CitedDocument {
  id: number;
  fileName: string;
  fileType: string;
  storagePath: string | null;
  pageCount: number | null;
}

/**
 * An answer's citations as the chat shows them: each with its document's id and preview URL
 * (null for the exhibitor's own answers), and the pictures beside the cited passages.
 */
export async function showCitations(
  ctx: AppContext,
  cardId: number,
  citations: readonly SourceCitation[],
): Promise<{ citations: TCitation[]; images: TAnswerImage[] }> {
  const fromDocuments = citations.filter((citation) => citation.documentId !== null);
  if (fromDocuments.length === 0) {
    return {
      citations: citations.map((c) => ({ ...c, documentId: null, previewUrl: null })),
      images: [],
    };
  }
  const cited: CitedDocument[] = await ctx.db
    .select({
      id: documents.id,
      fileName: documents.fileName,
      fileType: documents.fileType,
      storagePath: documents.storagePath,
      pageCount: documents.pageCount,
    })
    .from(documents)
    .where(
      and(
        eq(documents.businessCardId, cardId),
        eq(documents.status, 'ready'),
        or(
          inArray(documents.fileName, [...new Set(fromDocuments.map((c) => c.documentName))]),
          inArray(
            documents.id,
            fromDocuments.flatMap((c) => (c.documentId ? [c.documentId] : [])),
          ),
        ),
      ),
    );
  const shown: TCitation[] = citations.map((citation) => {
    if (citation.documentId === null) return { ...citation, documentId: null, previewUrl: null };
    const document =
      cited.find((d) => d.id === citation.documentId) ??
      cited.find((d) => d.fileName === citation.documentName);
    if (!document) return { ...citation, documentId: null, previewUrl: null };
    return {
      documentName: citation.documentName,
      page: citation.page,
      excerpt: citation.excerpt,
      documentId: document.id,
      previewUrl: previewUrlOf(document.id, citation.page, citation.excerpt),
    };
  });
  const images = await withinBudget(picturesBeside(ctx, cited, shown), PICTURE_BUDGET_MS, []);
  return { citations: shown, images };
}

async function withinBudget<T>(work: Promise<T>, ms: number, otherwise: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(otherwise), ms)));
  try {
    return await Promise.race([work.catch(() => otherwise), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The pictures beside the cited passages of PDF pages and slides (PICTURE_RULE, page-layout.ts). */
async function picturesBeside(
  ctx: AppContext,
  cited: readonly CitedDocument[],
  citations: readonly TCitation[],
): Promise<TAnswerImage[]> {
  const images: TAnswerImage[] = [];
  for (const citation of citations) {
    if (images.length >= MAX_ANSWER_PICTURES) break;
    const document = cited.find((d) => d.id === citation.documentId);
    if (!document?.storagePath || citation.page === null) continue;
    const visible: VisibleDocument = {
      id: document.id,
      fileType: document.fileType,
      storagePath: document.storagePath,
      pageCount: document.pageCount,
      isPublic: true,
    };
    const layout = await picturedLayout(ctx, visible, citation.page);
    if (!layout) continue;
    const index = pictureBeside(layout, markBoxes(layout, citation.excerpt));
    if (index === null) continue;
    const url = `/api/documents/${document.id}/pages/${citation.page}/image/${index + 1}`;
    if (images.some((image) => image.url === url)) continue;
    images.push({
      url,
      ...pictureSize(pictureOf(layout, index)!),
      documentId: document.id,
      page: citation.page,
    });
  }
  return images;
}

/**
 * Stored answers as the history shows them: a citation of a document since removed keeps its
 * text but no preview, and that document's pictures are left out, so nothing points at a page
 * that is gone.
 */
export async function withLiveSources<
  M extends { citations?: TCitation[]; images?: TAnswerImage[] },
>(ctx: AppContext, cardId: number, messages: readonly M[]): Promise<M[]> {
  const ids = new Set<number>();
  for (const message of messages) {
    for (const citation of message.citations ?? []) {
      if (citation.documentId) ids.add(citation.documentId);
    }
    for (const image of message.images ?? []) ids.add(image.documentId);
  }
  if (ids.size === 0) return [...messages];
  const live = new Set(
    (
      await ctx.db
        .select({ id: documents.id })
        .from(documents)
        .where(
          and(
            eq(documents.businessCardId, cardId),
            eq(documents.status, 'ready'),
            inArray(documents.id, [...ids]),
          ),
        )
    ).map((row) => row.id),
  );
  return messages.map((message) => ({
    ...message,
    ...(message.citations && {
      citations: message.citations.map((citation) =>
        citation.documentId && !live.has(citation.documentId)
          ? { ...citation, documentId: null, previewUrl: null }
          : citation,
      ),
    }),
    ...(message.images && {
      images: message.images.filter((image) => live.has(image.documentId)),
    }),
  }));
}
