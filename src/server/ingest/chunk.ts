import { PASSAGE_OVERLAP_CHARS } from '#server/text/passages.ts';
import type { ExtractedSection } from './extract/types.ts';
import { tokenizeForSearch } from './segment.ts';

/*
 * Retrieval passages. A chunk never spans two pages or slides, so its citation names exactly
 * one; inside a page, chunks are cut at the best boundary near the target size (blank line,
 * end of sentence, end of line, space) and overlap a little so a fact on a cut is still whole
 * in one of them.
 */

export interface Chunk {
  /** Order of the chunk in its document, from 0. */
  position: number;
  /** The section's page, slide or paragraph block. */
  page: number | null;
  text: string;
  /** segmentWords(text) joined by spaces, for the search index. */
  tokens: string;
}

export interface ChunkOptions {
  /** Preferred chunk length in characters (cut between half of it and all of it). */
  targetChars?: number;
  /** Characters repeated from the end of one chunk at the start of the next (same page only). */
  overlap?: number;
}

export const DEFAULT_CHUNK_OPTIONS = { targetChars: 700, overlap: PASSAGE_OVERLAP_CHARS } as const;

/** Boundaries in order of preference; each match's end is a place to cut. */
const CUT_PREFERENCES: readonly RegExp[] = [
  /\n\s*\n/g,
  /[.!?。！？；;](?=\n)|[。！？]/gu,
  /[.!?;](?=\s)/g,
  /\n/g,
  /[，、,:：]/gu,
  /\s/g,
];

function bestCut(text: string, start: number, targetChars: number): number {
  const earliest = start + Math.floor(targetChars / 2);
  const latest = start + targetChars;
  // Searched only a little past `latest`: in the whole rest, a boundary missing from a long
  // section (no blank line in 1,000,000 characters) was looked for to its end for every chunk
  // (2.5 s). The margin still shows a blank line that runs on past `latest` whole.
  const window = text.slice(0, latest + targetChars);
  for (const pattern of CUT_PREFERENCES) {
    let cut = -1;
    pattern.lastIndex = earliest;
    for (let match = pattern.exec(window); match; match = pattern.exec(window)) {
      const end = match.index + match[0].length;
      if (end > latest) break;
      cut = end;
    }
    if (cut > start) return cut;
  }
  return latest;
}

/**
 * Where the next chunk starts: the earliest sentence start within `overlap` before the cut, or
 * failing that the earliest word start, so the repeated part reads as whole words.
 */
function overlapStart(text: string, start: number, cut: number, overlap: number): number {
  if (overlap <= 0) return cut;
  const from = Math.max(start + 1, cut - overlap);
  const startsHere = (index: number, before: RegExp) =>
    before.test(text[index - 1] ?? '') && /\S/u.test(text[index] ?? '');
  for (let index = from; index < cut; index++) {
    if (
      startsHere(index, /[\n。！？；]/u) ||
      (startsHere(index, /\s/u) && /[.!?;]/.test(text[index - 2] ?? ''))
    ) {
      return index;
    }
  }
  for (let index = from; index < cut; index++) {
    if (startsHere(index, /[\s，、,]/u)) return index;
  }
  return cut;
}

function splitSection(text: string, targetChars: number, overlap: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    // The rest fits (with a little slack, so no tiny tail chunk is left behind).
    if (text.length - start <= targetChars * 1.2) {
      pieces.push(text.slice(start));
      break;
    }
    const cut = bestCut(text, start, targetChars);
    pieces.push(text.slice(start, cut));
    start = overlapStart(text, start, cut, Math.min(overlap, Math.floor(targetChars / 3)));
  }
  return pieces.map((piece) => piece.trim()).filter(Boolean);
}

export function chunkSections(
  sections: readonly ExtractedSection[],
  options: ChunkOptions = {},
): Chunk[] {
  const targetChars = Math.max(100, options.targetChars ?? DEFAULT_CHUNK_OPTIONS.targetChars);
  const overlap = Math.max(0, options.overlap ?? DEFAULT_CHUNK_OPTIONS.overlap);
  const chunks: Chunk[] = [];
  for (const section of sections) {
    for (const text of splitSection(section.text.trim(), targetChars, overlap)) {
      chunks.push({
        position: chunks.length,
        page: section.page,
        text,
        tokens: tokenizeForSearch(text),
      });
    }
  }
  return chunks;
}
