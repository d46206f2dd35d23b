/*
 * Words for search, the same function for documents and for what a buyer types, so both sides
 * meet. Intl.Segmenter (ICU) splits Chinese and Japanese with its dictionary and Latin text at
 * spaces and punctuation; on top of that, the forms people type for trade facts are kept:
 *
 *   "HT-M8080"  -> ht-m8080, htm8080, ht, m8080   (typed with or without the dash, or only M8080)
 *   "10.5mm"    -> 10.5mm, 10.5, mm               (matches "10.5 mm")
 *   "1,400"     -> 1400                           (matches "1400")
 *   "3万"       -> 3, 万, 3万
 *   "平方米"     -> 平方米, 平方, 方米               (a CJK word also gives its bigrams)
 *   "Ｂ１２"      -> b12                            (NFKC folds full-width forms)
 *   "ISO 9001"  -> iso, 9001, iso9001             (a standard's name is one identifier too)
 *   "GB/T 5657" -> gb, t, 5657, gbt5657
 */

// One segmenter serves every script: ICU picks the dictionary by the characters it meets.
const wordSegmenter = new Intl.Segmenter('zh', { granularity: 'word' });
/**
 * ICU's dictionary segmentation of Chinese or Japanese takes time quadratic in the length of a
 * run without a space or punctuation mark (100,000 characters: 14 s; 300,000: 138 s). So text
 * goes to the segmenter in pieces of at most this many characters, each cut after a space or
 * punctuation mark when one falls in its second half (in real text one always does), else
 * straight through the run.
 */
const MAX_PIECE = 256;
const BREAK = /[\s\p{P}]/u;

const HAS_LETTER = /\p{L}/u;
const HAS_DIGIT = /\p{N}/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const CJK_WORD = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+$/u;
const CONNECTOR = /^[-_/.·]$/u;
const THOUSANDS = /^\d{1,3}(,\d{3})+(\.\d+)?$/;
const NUMBER_THEN_UNIT = /^(\d+(?:[.,]\d+)*)(\p{L}+)$/u;
const CHINESE_MAGNITUDE = /^[十百千万萬亿億]$/u;

/** Standards written as a body's name, a space and a number: "ISO 9001", "GB/T 5657". */
const STANDARD =
  /(?<![\p{L}\p{N}])(iso|iec|gb(?:\/t)?|jb(?:\/t)?|en|astm|din|jis|ul|bs|ansi|asme|api|sae|nema|ieee|csa|ts)\s?-?\s?(\d+(?:[.:-]\d+)*)(?![\p{L}\p{N}])/gu;

/** The whole identifiers of the standards a text names ("iso9001", "gbt5657"). */
export function standardIdentifiers(normalized: string): string[] {
  const found: string[] = [];
  for (const match of normalized.matchAll(STANDARD)) {
    found.push(`${match[1]!.replace('/', '')}${match[2]!.replace(/[.:-]/g, '')}`);
  }
  return found;
}

/** The parts of a standard's identifier ("iso9001" -> iso, 9001), or null. */
export function standardParts(word: string): string[] | null {
  const match =
    /^(iso|iec|gbt?|jbt?|en|astm|din|jis|ul|bs|ansi|asme|api|sae|nema|ieee|csa|ts)(\d+)$/u.exec(
      word,
    );
  return match ? [match[1]!, match[2]!] : null;
}

function normalizeWord(word: string): string {
  return THOUSANDS.test(word) ? word.replace(/,/g, '') : word;
}

/** A lone word with the extra forms it is searched by. */
function expandWord(word: string): string[] {
  const forms = [word];
  const numberUnit = NUMBER_THEN_UNIT.exec(word);
  if (numberUnit?.[1] && numberUnit[2] && !CJK.test(word)) {
    forms.push(normalizeWord(numberUnit[1]), numberUnit[2]);
  } else if (/^\d+(\.\d+)?x\d+(\.\d+)?$/.test(word)) {
    forms.push(...word.split('x'));
  } else if (word.includes('.') && HAS_LETTER.test(word) && !HAS_DIGIT.test(word)) {
    // Domains and e-mail hosts: "hengtai.example" is also found as "hengtai".
    forms.push(...word.split('.').filter((part) => part.length > 1));
  } else if (CJK_WORD.test(word) && word.length > 2) {
    const chars = [...word];
    for (let i = 0; i + 1 < chars.length; i++) forms.push(`${chars[i]}${chars[i + 1]}`);
  }
  return forms;
}

/** The text in pieces of at most MAX_PIECE characters, never cut inside a surrogate pair. */
function* piecesForSegmenter(text: string): Generator<string> {
  let start = 0;
  while (text.length - start > MAX_PIECE) {
    let end = start + MAX_PIECE;
    let cut = end;
    while (cut > start + MAX_PIECE / 2 && !BREAK.test(text[cut - 1]!)) cut--;
    if (cut > start + MAX_PIECE / 2) end = cut;
    else if (/[\uD800-\uDBFF]/.test(text[end - 1]!)) end--;
    yield text.slice(start, end);
    start = end;
  }
  yield text.slice(start);
}

function* segmentsOf(text: string): Generator<Intl.SegmentData> {
  for (const piece of piecesForSegmenter(text)) yield* wordSegmenter.segment(piece);
}

/**
 * Lowercased, NFKC-normalised words of `text`, punctuation and spaces dropped, with the extra
 * forms described above. Order follows the text, so neighbouring words stay neighbours.
 */
export function segmentWords(text: string): string[] {
  const normalized = text.normalize('NFKC').toLowerCase();
  const words: string[] = [];
  // A run of words joined by single connectors without spaces: "ht-m8080", "iso-14001".
  let run: string[] = [];
  let runJoined = '';
  let pendingConnector = '';
  const endRun = () => {
    if (run.length > 1) {
      const joined = run.join('');
      if (HAS_LETTER.test(joined) && HAS_DIGIT.test(joined) && !CJK.test(joined)) {
        words.push(runJoined, joined);
      }
    }
    run = [];
    runJoined = '';
    pendingConnector = '';
  };

  let previousWord = '';
  for (const { segment, isWordLike } of segmentsOf(normalized)) {
    if (isWordLike) {
      const word = normalizeWord(segment);
      if (pendingConnector && run.length > 0) {
        run.push(word);
        runJoined += pendingConnector + word;
        pendingConnector = '';
      } else {
        endRun();
        run = [word];
        runJoined = word;
      }
      words.push(...expandWord(word));
      if (CHINESE_MAGNITUDE.test(word) && /^\d+(\.\d+)?$/.test(previousWord)) {
        words.push(previousWord + word);
      }
      previousWord = word;
      continue;
    }
    previousWord = '';
    if (CONNECTOR.test(segment) && run.length > 0 && !pendingConnector) {
      pendingConnector = segment;
    } else {
      endRun();
    }
  }
  endRun();
  words.push(...standardIdentifiers(normalized));
  return words;
}

/** The words joined by spaces: the `tokens` column a full-text index or BM25 scorer reads. */
export function tokenizeForSearch(text: string): string {
  return segmentWords(text).join(' ');
}
