// Simplified and Traditional Chinese live in text/han-script.ts; this path is kept for the tests
// that import it.
export { countHanVariants, foldToSimplified } from '#server/text/han-script.ts';
