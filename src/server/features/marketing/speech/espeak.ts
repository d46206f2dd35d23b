import ESpeakNg from 'espeak-ng';
import type { EngineVoice } from './voices.ts';

/*
 * eSpeak NG compiled to WebAssembly (package espeak-ng, GPL-3.0-or-later; see decision record
 * "offline-speech"): each call runs the engine's command line once in a fresh WebAssembly
 * instance and reads the WAV it wrote to its in-memory file system. Runs in the speech child
 * process only (speech-child.ts), never in the server.
 */

export interface Pcm {
  samples: Int16Array;
  sampleRate: number;
}

const OUTPUT = '/speech.wav';
const INPUT = '/speech.txt';

/** The samples of a 16-bit PCM WAV file (the engine writes mono). */
export function readWav(bytes: Uint8Array): Pcm {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let sampleRate = 22050;
  let offset = 12;
  while (offset + 8 <= bytes.byteLength) {
    const id = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    let size = view.getUint32(offset + 4, true);
    if (id === 'fmt ') sampleRate = view.getUint32(offset + 12, true);
    if (id === 'data') {
      // eSpeak streams its WAV and may leave the size fields unset (0 or 0xFFFFFFFF).
      const available = bytes.byteLength - offset - 8;
      if (size === 0 || size > available) size = available;
      const copy = bytes.slice(offset + 8, offset + 8 + (size & ~1));
      return { samples: new Int16Array(copy.buffer, 0, copy.byteLength / 2), sampleRate };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('the speech engine wrote no audio');
}

/** Speaks `text` (one language) with one voice; returns mono 16-bit PCM. */
export async function speakText(text: string, voice: EngineVoice): Promise<Pcm> {
  const errors: string[] = [];
  const engine = await ESpeakNg({
    arguments: [
      '-v',
      voice.voice,
      '-s',
      String(voice.wordsPerMinute),
      '-p',
      String(voice.pitch),
      '-g',
      String(voice.wordGap),
      '-w',
      OUTPUT,
      '-f',
      INPUT,
    ],
    preRun: [(module) => module.FS.writeFile(INPUT, text)],
    print: () => undefined,
    printErr: (line) => errors.push(line),
  });
  let wav: Uint8Array;
  try {
    wav = engine.FS.readFile(OUTPUT);
  } catch {
    throw new Error(`the speech engine failed: ${errors.join(' ').slice(0, 200)}`);
  }
  return readWav(wav);
}
