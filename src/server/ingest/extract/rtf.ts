import fs from 'node:fs/promises';
// The class (a type as well as a value): the server's types are Node's, without the DOM's.
import { TextDecoder } from 'node:util';
import { throwIfAborted } from '../deadline.ts';
import { ExtractionError } from '../errors.ts';
import { groupParagraphsIntoBlocks } from './blocks.ts';
import { paragraphsFromWordText } from './legacy-word.ts';
import type { ExtractContext, ExtractedDocument } from './types.ts';

/*
 * RTF (and the many ".doc" files that are really RTF): control words stripped, groups that hold
 * no visible text (font and colour tables, pictures, field instructions, "\*" destinations)
 * skipped, \uN read as Unicode and \'hh bytes decoded in the document's code page (\ansicpg) or
 * the current font's charset (GBK 936, Big5 950, Shift-JIS 932, ...). Table cells end in \cell
 * and rows in \row, so each row becomes one line read like a table.
 */

const SKIPPED_DESTINATIONS = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'info',
  'pict',
  'object',
  'themedata',
  'colorschememapping',
  'latentstyles',
  'datastore',
  'xmlnstbl',
  'listtable',
  'listoverridetable',
  'rsidtbl',
  'generator',
  'fldinst',
  'header',
  'headerl',
  'headerr',
  'headerf',
  'footer',
  'footerl',
  'footerr',
  'footerf',
  'nonshppict',
  'filetbl',
  'revtbl',
  'pgdsctbl',
  'mmathPr',
  'bkmkstart',
  'bkmkend',
]);

/** Windows font charset (\fcharsetN) to its code page. */
const CHARSET_CODEPAGE: Record<number, number> = {
  0: 1252,
  77: 10000,
  128: 932,
  129: 949,
  134: 936,
  136: 950,
  161: 1253,
  162: 1254,
  177: 1255,
  178: 1256,
  186: 1257,
  204: 1251,
  222: 874,
  238: 1250,
};

const CODEPAGE_LABELS: Record<number, string> = {
  874: 'windows-874',
  932: 'shift_jis',
  936: 'gbk',
  949: 'euc-kr',
  950: 'big5',
  10000: 'macintosh',
  65001: 'utf-8',
};

const decoders = new Map<number, TextDecoder>();
function decoderFor(codepage: number): TextDecoder {
  let decoder = decoders.get(codepage);
  if (!decoder) {
    const label =
      CODEPAGE_LABELS[codepage] ??
      (codepage >= 1250 && codepage <= 1258 ? `windows-${codepage}` : 'windows-1252');
    try {
      decoder = new TextDecoder(label);
    } catch {
      decoder = new TextDecoder('windows-1252');
    }
    decoders.set(codepage, decoder);
  }
  return decoder;
}

interface GroupState {
  skip: boolean;
  /** Characters to skip after \uN (\ucN). */
  uc: number;
  font: number | null;
  inTable: boolean;
  inFontTable: boolean;
}

/** Marks a table cell end in the text until lines are split; becomes a tab. */
const CELL = '\t';

/** The visible text of an RTF document (a latin1 string of its bytes). */
export function rtfToText(rtf: string): string {
  const out: string[] = [];
  let state: GroupState = { skip: false, uc: 1, font: null, inTable: false, inFontTable: false };
  const stack: GroupState[] = [];
  let documentCodepage = 1252;
  const fontCodepages = new Map<number, number>();
  let definingFont: number | null = null;
  let pendingBytes: number[] = [];
  let skipChars = 0;
  let groupStart = false;

  const codepage = () =>
    (state.font !== null ? fontCodepages.get(state.font) : undefined) ?? documentCodepage;
  const flushBytes = () => {
    if (pendingBytes.length === 0) return;
    if (!state.skip) out.push(decoderFor(codepage()).decode(Uint8Array.from(pendingBytes)));
    pendingBytes = [];
  };
  const emit = (text: string) => {
    flushBytes();
    if (!state.skip) out.push(text);
  };

  let i = 0;
  const length = rtf.length;
  while (i < length) {
    const ch = rtf[i]!;
    if (ch === '{') {
      flushBytes();
      stack.push(state);
      state = { ...state };
      groupStart = true;
      i++;
      continue;
    }
    if (ch === '}') {
      flushBytes();
      state = stack.pop() ?? state;
      groupStart = false;
      i++;
      continue;
    }
    if (ch === '\\') {
      const next = rtf[i + 1] ?? '';
      if (next === "'") {
        const byte = Number.parseInt(rtf.slice(i + 2, i + 4), 16);
        i += 4;
        if (skipChars > 0) {
          skipChars--;
          continue;
        }
        if (!Number.isNaN(byte)) pendingBytes.push(byte);
        continue;
      }
      if (/[a-zA-Z]/.test(next)) {
        const word = /^([a-zA-Z]{1,32})(-?\d{1,10})? ?/.exec(rtf.slice(i + 1, i + 48));
        const name = word?.[1] ?? '';
        const param = word?.[2] === undefined ? null : Number(word[2]);
        i += 1 + (word?.[0].length ?? 1);
        const wasGroupStart = groupStart;
        groupStart = false;
        if (skipChars > 0 && name !== 'u') {
          skipChars--;
          continue;
        }
        if (SKIPPED_DESTINATIONS.has(name) && wasGroupStart) {
          flushBytes();
          state.skip = name !== 'fonttbl' ? true : state.skip;
          if (name === 'fonttbl') {
            state.inFontTable = true;
            state.skip = true;
          }
          continue;
        }
        switch (name) {
          case 'ansicpg':
            if (param) documentCodepage = param;
            break;
          case 'f':
            if (param === null) break;
            flushBytes();
            if (state.inFontTable) definingFont = param;
            else state.font = param;
            break;
          case 'fcharset':
            if (state.inFontTable && definingFont !== null && param !== null) {
              const cp = CHARSET_CODEPAGE[param];
              if (cp) fontCodepages.set(definingFont, cp);
            }
            break;
          case 'cpg':
            if (state.inFontTable && definingFont !== null && param) {
              fontCodepages.set(definingFont, param);
            }
            break;
          case 'uc':
            state.uc = Math.max(0, param ?? 1);
            break;
          case 'u':
            if (param !== null) emit(String.fromCharCode(param < 0 ? param + 65536 : param));
            skipChars = state.uc;
            break;
          case 'par':
          case 'sect':
          case 'page':
            emit(state.inTable ? ' ' : '\n');
            break;
          case 'line':
            emit(state.inTable ? ' ' : '\n');
            break;
          case 'tab':
            emit(' ');
            break;
          case 'cell':
          case 'nestcell':
            emit(CELL);
            break;
          case 'row':
          case 'nestrow':
            emit('\n');
            break;
          case 'intbl':
            state.inTable = true;
            break;
          case 'pard':
            state.inTable = false;
            break;
          case 'emdash':
            emit('—');
            break;
          case 'endash':
            emit('–');
            break;
          case 'lquote':
            emit('‘');
            break;
          case 'rquote':
            emit('’');
            break;
          case 'ldblquote':
            emit('“');
            break;
          case 'rdblquote':
            emit('”');
            break;
          case 'bullet':
            emit('•');
            break;
        }
        continue;
      }
      // Control symbols.
      i += 2;
      groupStart = false;
      if (next === '*') {
        flushBytes();
        state.skip = true;
      } else if (next === '\\' || next === '{' || next === '}') {
        if (skipChars > 0) skipChars--;
        else emit(next);
      } else if (next === '~') {
        emit(' ');
      } else if (next === '_') {
        emit('-');
      } else if (next === '\n' || next === '\r') {
        emit('\n');
      }
      continue;
    }
    i++;
    groupStart = false;
    if (ch === '\n' || ch === '\r') continue;
    if (skipChars > 0) {
      skipChars--;
      continue;
    }
    if (pendingBytes.length > 0) flushBytes();
    if (!state.skip) out.push(ch);
  }
  flushBytes();
  return out
    .join('')
    .replace(/\t\n/g, '\n')
    .replace(/[ \u00A0]+\n/g, '\n');
}

export async function extractRtf(
  filePath: string,
  context: ExtractContext,
): Promise<ExtractedDocument> {
  const rtf = (await fs.readFile(filePath)).toString('latin1');
  if (!rtf.trimStart().startsWith('{\\rtf')) {
    throw new ExtractionError('corrupt-document', 'not an RTF document');
  }
  const text = rtfToText(rtf);
  throwIfAborted(context.signal);
  if (text.length > context.maxTextChars) {
    throw new ExtractionError('too-large', `more than ${context.maxTextChars} characters`, {
      limit: 'characters',
      max: context.maxTextChars,
    });
  }
  const sections = groupParagraphsIntoBlocks(paragraphsFromWordText(text), context.blockChars);
  if (sections.length === 0) throw new ExtractionError('no-text', 'the RTF file has no text');
  return { sections, pageCount: sections.length };
}
