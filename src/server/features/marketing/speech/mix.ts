/*
 * Puts the voice over the music bed: the bed plays alone for a short intro, sits well under the
 * voice while it speaks (ducked further on every phrase, released in the pauses), and fades out
 * after the last word. All levels are linear gains on samples in [-1, 1].
 */

export const INTRO_SECONDS = 2;
export const OUTRO_SECONDS = 2.5;
/** Lead-in and tail of silence when there is no bed. */
const PLAIN_PADDING_SECONDS = 0.3;

/** Peak of the voice after normalisation. */
const VOICE_PEAK = 0.89;
/** The bed alone (intro, outro, pauses): about 11 dB under the voice's peak. */
const BED_LEVEL = 0.25;
/** The bed while the voice speaks: about 21 dB under the voice's peak. */
const BED_UNDER_VOICE = 0.08;

const WINDOW_SECONDS = 0.05;

/** Where the voice is speaking, per 50 ms window (RMS above a floor). */
function speakingWindows(voice: Int16Array, sampleRate: number): boolean[] {
  const size = Math.round(sampleRate * WINDOW_SECONDS);
  const windows: boolean[] = [];
  for (let start = 0; start < voice.length; start += size) {
    let sum = 0;
    const end = Math.min(voice.length, start + size);
    for (let i = start; i < end; i++) sum += (voice[i]! / 32768) ** 2;
    windows.push(Math.sqrt(sum / Math.max(1, end - start)) > 0.01);
  }
  return windows;
}

function voicePeak(voice: Int16Array): number {
  let peak = 1;
  for (const value of voice) peak = Math.max(peak, Math.abs(value));
  return peak;
}

export interface Mixed {
  samples: Int16Array;
  /** Where the voice starts in the result, in seconds (the transcript's time zero). */
  voiceStartSeconds: number;
}

/** The voice alone, normalised, with a breath of silence at both ends. */
export function padVoice(voice: Int16Array, sampleRate: number): Mixed {
  const pad = Math.round(PLAIN_PADDING_SECONDS * sampleRate);
  const gain = (VOICE_PEAK * 32767) / voicePeak(voice);
  const out = new Int16Array(voice.length + 2 * pad);
  for (let i = 0; i < voice.length; i++) out[pad + i] = Math.round(voice[i]! * gain);
  return { samples: out, voiceStartSeconds: PLAIN_PADDING_SECONDS };
}

/**
 * The voice over a bed. `renderBed(seconds)` gives the bed for the whole length (intro, voice,
 * outro), normalised to a peak of 1.
 */
export function mixVoiceOverBed(
  voice: Int16Array,
  sampleRate: number,
  renderBed: (seconds: number) => Float32Array,
): Mixed {
  const intro = Math.round(INTRO_SECONDS * sampleRate);
  const outro = Math.round(OUTRO_SECONDS * sampleRate);
  const total = intro + voice.length + outro;
  const bed = renderBed(total / sampleRate);
  const windows = speakingWindows(voice, sampleRate);
  const windowSize = Math.round(sampleRate * WINDOW_SECONDS);
  const voiceGain = VOICE_PEAK / voicePeak(voice);
  // The ducking gain glides (about 80 ms attack, 400 ms release) so the bed never clicks.
  const attack = 1 - Math.exp(-1 / (0.08 * sampleRate));
  const release = 1 - Math.exp(-1 / (0.4 * sampleRate));
  const fadeIn = Math.round(0.5 * sampleRate);

  const out = new Int16Array(total);
  let bedGain = BED_LEVEL;
  for (let i = 0; i < total; i++) {
    const v = i - intro;
    const inVoice = v >= 0 && v < voice.length;
    const speaking = inVoice && windows[Math.floor(v / windowSize)] === true;
    const target = speaking ? BED_UNDER_VOICE : BED_LEVEL;
    bedGain += (target - bedGain) * (target < bedGain ? attack : release);
    let envelope = 1;
    if (i < fadeIn) envelope = i / fadeIn;
    if (i >= total - outro) envelope = (total - i) / outro;
    const sample = (bed[i] ?? 0) * bedGain * envelope + (inVoice ? voice[v]! * voiceGain : 0);
    out[i] = Math.round(Math.max(-1, Math.min(1, sample)) * 32767);
  }
  return { samples: out, voiceStartSeconds: INTRO_SECONDS };
}
