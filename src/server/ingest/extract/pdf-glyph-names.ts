/*
 * Glyph names pdf.js cannot turn into text, rewritten before it parses the file.
 *
 * A simple font's /Differences array names each code's glyph; text comes from looking the name
 * up in the Adobe Glyph List. Fonts with variant glyphs name them with a suffix — "zero.os"
 * (old-style figures, common in LaTeX fonts), "a.sc" (small capitals), "one.lf" — or as a
 * ligature of parts — "f_f_i". The glyph list's own rule is to drop the suffix and join the
 * parts (poppler does); pdf.js 5 knows neither, so every such digit or letter came out as
 * nothing: a LaTeX manual lost all its section and page numbers.
 *
 * The rewrite happens in the file's bytes, in place and at the same length (the name is
 * shortened and padded with spaces, which separate PDF tokens anyway), so every byte offset the
 * cross-reference table holds stays right. It reaches the arrays written as plain objects, which
 * is where font dictionaries usually are; arrays inside compressed object streams are left as
 * they are. Only text extraction sees the change: pages that need OCR have no fonts to speak of.
 */

const DIFFERENCES = '/Differences';
/** A /Differences array longer than this is not one (256 codes with long names fit easily). */
const MAX_ARRAY_CHARS = 16_384;
/** "/zero.os", "/a.sc", "/uni0041.alt": a base name and a suffix from the first period. */
const SUFFIXED_NAME = /\/([A-Za-z][A-Za-z0-9]*)\.[A-Za-z0-9_.]+/g;
/** Ligatures written as their parts, by the glyph list name they stand for. */
const LIGATURES: Readonly<Record<string, string>> = {
  f_f: 'ff',
  f_i: 'fi',
  f_l: 'fl',
  f_f_i: 'ffi',
  f_f_l: 'ffl',
};
const LIGATURE_NAME = /\/(f_f_i|f_f_l|f_f|f_i|f_l)(?=[\s/\]]|$)/g;

function padded(name: string, length: number): string {
  return `/${name}`.padEnd(length, ' ');
}

/** The array's text with suffixed and ligature names rewritten, at the same length. */
function rewriteArray(array: string): string {
  return array
    .replace(SUFFIXED_NAME, (whole, base: string) => padded(base, whole.length))
    .replace(LIGATURE_NAME, (whole, parts: string) => padded(LIGATURES[parts]!, whole.length));
}

/**
 * The PDF's bytes with the glyph names of its plain /Differences arrays made readable to pdf.js;
 * the same buffer (unchanged) when there is nothing to rewrite. Never changes the length.
 */
export function withReadableGlyphNames(data: Uint8Array): Uint8Array {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let copy: Buffer | null = null;
  // Searched in the bytes (a large file is not copied into a string); each array is decoded as
  // latin1, which maps a byte to one character and back, so string offsets are byte offsets.
  for (let at = bytes.indexOf(DIFFERENCES); at !== -1; at = bytes.indexOf(DIFFERENCES, at + 1)) {
    const after = at + DIFFERENCES.length;
    const window = bytes.toString('latin1', after, after + MAX_ARRAY_CHARS);
    const open = window.indexOf('[');
    if (open === -1 || window.slice(0, open).trim() !== '') continue;
    const close = window.indexOf(']', open);
    if (close === -1) continue;
    const array = window.slice(open, close);
    const rewritten = rewriteArray(array);
    if (rewritten === array) continue;
    // A copy with an ArrayBuffer of its own (never a slice of Node's shared pool).
    copy ??= Buffer.from(new Uint8Array(bytes).buffer);
    copy.write(rewritten, after + open, 'latin1');
  }
  return copy ? new Uint8Array(copy.buffer, copy.byteOffset, copy.byteLength) : data;
}
