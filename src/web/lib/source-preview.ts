/*
 * Source previews: the image of a cited page (with the quoted passage marked), shown as a
 * thumbnail under an answer and full-screen in the viewer. The same on the buyer's chat and on
 * the owner's screens, so an exhibitor sees exactly what the buyer saw.
 */

/** One picture the viewer shows: a cited page, a document's page, or an answer's picture. */
export interface PreviewSlide {
  key: string;
  /** The image's address (a page preview or a picture cropped from a page). */
  src: string;
  /** What it is, for the title and screen readers: "catalogue.pdf, p. 3". */
  label: string;
  /** The quoted passage: shown when the image cannot be, and read by screen readers. */
  excerpt?: string | null;
}

/**
 * The image of one page of a document (GET; features/previews on the server). A kind without
 * pages (TXT, DOCX, a sheet: page null) is drawn as its page 1, as the server numbers it.
 */
export function pagePreviewPath(documentId: number, page: number | null): string {
  return `/api/documents/${documentId}/pages/${page ?? 1}/preview`;
}
