// The worker half of pdf.js, imported only for its side effect (see pdfjs.ts); it ships no types.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs';
// The same, as scripts/patch-pdfjs.mjs writes it at install (decision 051).
declare module 'pdfjs-dist/legacy/build/pdf.worker.docucard.mjs';
