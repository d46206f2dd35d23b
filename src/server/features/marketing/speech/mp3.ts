import { Mp3Encoder } from '@breezystack/lamejs';

/*
 * MP3 (MPEG-2 Layer III at 22.05 kHz, mono, constant 64 kbit/s): the one format every phone,
 * browser and messenger plays. @breezystack/lamejs is a maintained fork of lamejs (whose 1.2.1
 * crashes with "MPEGMode is not defined", see DEPENDENCY-NOTES).
 */

export const MP3_KBPS = 64;
const BLOCK = 1152;

export function encodeMp3(samples: Int16Array, sampleRate: number): Uint8Array {
  const encoder = new Mp3Encoder(1, sampleRate, MP3_KBPS);
  const parts: Uint8Array[] = [];
  for (let start = 0; start < samples.length; start += BLOCK) {
    const chunk = encoder.encodeBuffer(samples.subarray(start, start + BLOCK));
    if (chunk.length > 0) parts.push(new Uint8Array(chunk));
  }
  const last = encoder.flush();
  if (last.length > 0) parts.push(new Uint8Array(last));
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
