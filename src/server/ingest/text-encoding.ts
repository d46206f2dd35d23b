import fs from 'node:fs';
import { frequentHanShare } from '#server/text/han-script.ts';

/*
 * Text files arrive in whatever the exhibitor's editor saved: UTF-8 (with or without BOM),
 * UTF-16 from Windows Notepad, GB18030/GBK from older Chinese systems, Big5 from Taiwan and
 * Hong Kong. Each candidate is tried with a fatal decoder while the file streams, so a binary
 * file is refused without being held in memory.
 */

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030' | 'big5';

export type TextSniffResult =
  | { ok: true; encoding: TextEncodingName; isBlank: boolean }
  | { ok: false; why: 'binary' | 'undecodable' };

const CHUNK_BYTES = 64 * 1024;
/** Enough decoded text to tell GB18030 from Big5 by character frequency. */
const SAMPLE_CHARS = 20_000;

// Control characters that never occur in text a person wrote (tab, newlines, form feed and the
// DOS end-of-file mark are fine).
// eslint-disable-next-line no-control-regex
const CONTROL_GARBAGE = /[\x01-\x08\x0B\x0E-\x19\x1B-\x1F\x7F]/g;

interface DecodePass {
  ok: boolean;
  isBlank: boolean;
  sample: string;
  binary: boolean;
}

async function decodeWholeFile(filePath: string, encoding: TextEncodingName): Promise<DecodePass> {
  const decoder = new TextDecoder(encoding, { fatal: true });
  let isBlank = true;
  let sample = '';
  let chars = 0;
  let controls = 0;
  const inspect = (text: string): boolean => {
    if (text.includes('\u0000')) return false;
    chars += text.length;
    controls += text.match(CONTROL_GARBAGE)?.length ?? 0;
    if (isBlank && /\S/u.test(text.replace(/^\uFEFF/, ''))) isBlank = false;
    if (sample.length < SAMPLE_CHARS) sample += text.slice(0, SAMPLE_CHARS - sample.length);
    return true;
  };
  const stream = fs.createReadStream(filePath, { highWaterMark: CHUNK_BYTES });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (!inspect(decoder.decode(chunk, { stream: true }))) {
        return { ok: false, isBlank, sample, binary: true };
      }
    }
    if (!inspect(decoder.decode())) return { ok: false, isBlank, sample, binary: true };
  } catch {
    return { ok: false, isBlank, sample, binary: false };
  } finally {
    stream.destroy();
  }
  const tooManyControls = controls > Math.max(2, chars / 1000);
  return { ok: !tooManyControls, isBlank, sample, binary: tooManyControls };
}

/** Which encoding the file is text in, or why it is not text. Reads the file as a stream. */
export async function sniffTextEncoding(
  filePath: string,
  head: Uint8Array,
): Promise<TextSniffResult> {
  const bomEncoding = encodingFromBom(head);
  if (bomEncoding) {
    const pass = await decodeWholeFile(filePath, bomEncoding);
    if (pass.ok) return { ok: true, encoding: bomEncoding, isBlank: pass.isBlank };
    return { ok: false, why: pass.binary ? 'binary' : 'undecodable' };
  }
  // Without a BOM, UTF-16 text is full of NUL bytes: it is treated as binary, as it should be
  // for any other file with NULs in it.
  if (head.includes(0)) return { ok: false, why: 'binary' };

  const utf8 = await decodeWholeFile(filePath, 'utf-8');
  if (utf8.ok) return { ok: true, encoding: 'utf-8', isBlank: utf8.isBlank };
  if (utf8.binary) return { ok: false, why: 'binary' };

  const gb = await decodeWholeFile(filePath, 'gb18030');
  const big5 = await decodeWholeFile(filePath, 'big5');
  if (gb.ok && big5.ok) {
    // GBK byte pairs are mostly valid Big5 and the other way round: pick the decoding whose
    // characters are the ones Chinese writers actually use.
    const encoding = frequentShare(big5.sample) > frequentShare(gb.sample) ? 'big5' : 'gb18030';
    return { ok: true, encoding, isBlank: gb.isBlank && big5.isBlank };
  }
  if (gb.ok) return { ok: true, encoding: 'gb18030', isBlank: gb.isBlank };
  if (big5.ok) return { ok: true, encoding: 'big5', isBlank: big5.isBlank };
  return { ok: false, why: gb.binary || big5.binary ? 'binary' : 'undecodable' };
}

function frequentShare(text: string): number {
  const { han, frequent } = frequentHanShare(text);
  return han === 0 ? 0 : frequent / han;
}

function encodingFromBom(head: Uint8Array): TextEncodingName | null {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return null;
}

/**
 * The file's text in `encoding`, BOM removed and newlines made `\n`. Stops with `null` once the
 * text passes `maxChars`, so a huge file is refused without being held whole.
 */
export async function readTextFile(
  filePath: string,
  encoding: TextEncodingName,
  maxChars: number,
): Promise<string | null> {
  const decoder = new TextDecoder(encoding);
  const parts: string[] = [];
  let length = 0;
  const stream = fs.createReadStream(filePath, { highWaterMark: CHUNK_BYTES });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const text = decoder.decode(chunk, { stream: true });
      length += text.length;
      if (length > maxChars) return null;
      parts.push(text);
    }
  } finally {
    stream.destroy();
  }
  parts.push(decoder.decode());
  return parts
    .join('')
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n');
}
