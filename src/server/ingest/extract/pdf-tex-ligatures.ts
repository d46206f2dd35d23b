/*
 * TeX's own font encodings put the ligatures in the control range: ff, fi, fl, ffi, ffl at
 * 0x1B-0x1F (T1, "Cork") or 0x0B-0x0F (OT1; its fl, 0x0D, is a carriage return and is left
 * alone). A LaTeX paper whose fonts carry no Unicode
 * mapping therefore decodes "significant" as "signi\x1Ccant"; the text boundary would drop the
 * control and leave "signicant", which no search finds. A control character touching a Latin
 * letter can mean nothing else, so it is read as its ligature; any other control is left to the
 * boundary (text-boundary.ts) and to the garbage test (garbage-text.ts).
 */

const LIGATURES: Readonly<Record<string, string>> = {
  '\u001B': 'ff',
  '\u001C': 'fi',
  '\u001D': 'fl',
  '\u001E': 'ffi',
  '\u001F': 'ffl',
  '\u000B': 'ff',
  '\u000C': 'fi',
  '\u000E': 'ffi',
  '\u000F': 'ffl',
};

const LIGATURE_IN_WORD =
  // eslint-disable-next-line no-control-regex
  /(?<=\p{Script=Latin})[\u000B\u000C\u000E\u000F\u001B-\u001F]+|[\u000B\u000C\u000E\u000F\u001B-\u001F]+(?=\p{Script=Latin})/gu;

/** Any of those codes: most pages have none, and this is quicker to rule out than the above. */
// eslint-disable-next-line no-control-regex
const LIGATURE_CODE = /[\u000B\u000C\u000E\u000F\u001B-\u001F]/;

/** "signi\x1Ccant" -> "significant": TeX ligature codes inside words read as their letters. */
export function readTexLigatures(text: string): string {
  if (!LIGATURE_CODE.test(text)) return text;
  return text.replace(LIGATURE_IN_WORD, (codes) =>
    [...codes].map((code) => LIGATURES[code] ?? '').join(''),
  );
}
