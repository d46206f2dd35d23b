/*
 * Source previews (decision 032): what other features and the routes use of this one.
 */

export { showCitations, previewUrlOf, withLiveSources, type SourceCitation } from './citations.ts';
export { pagePicture } from './page-pictures.ts';
export { MAX_PREVIEW_QUOTE, pagePreview, type PagePreview } from './page-preview.ts';
export { closePageRenderer } from './page-sources.ts';
export { storeOcrWords } from './ocr-words.ts';
