import type { BackgroundMusic } from '#shared/marketing/audio.ts';

/*
 * The four background beds (ambient, corporate, upbeat, relaxing), synthesised in code:
 * additive pads, plucked arpeggios, bells, bass and a light drum kit over a chord progression.
 * No sample files, nothing fetched; a seeded random source makes every render repeatable.
 * Output is mono float samples in [-1, 1], normalised to a peak of 1 (the mixer sets the level).
 */

interface BedStyle {
  bpm: number;
  /** Chords as MIDI note numbers, one per bar (4 beats). */
  progression: number[][];
  pad: number;
  pluck: 'none' | 'arpeggio' | 'offbeat';
  bells: boolean;
  bass: 'none' | 'roots' | 'eighths';
  drums: 'none' | 'soft' | 'driving';
}

const C_MAJ7 = [48, 55, 64, 71];
const A_MIN9 = [45, 52, 60, 71];
const F_MAJ7 = [41, 53, 57, 64];
const G_SIX = [43, 55, 62, 64];
const C_MAJ = [48, 55, 60, 64];
const G_MAJ = [43, 55, 59, 62];
const A_MIN = [45, 57, 60, 64];
const F_MAJ = [41, 57, 60, 65];
const D_MIN7 = [50, 57, 60, 65];

const STYLES: Record<Exclude<BackgroundMusic, 'none'>, BedStyle> = {
  ambient: {
    bpm: 60,
    progression: [C_MAJ7, A_MIN9, F_MAJ7, G_SIX],
    pad: 1,
    pluck: 'none',
    bells: false,
    bass: 'roots',
    drums: 'none',
  },
  corporate: {
    bpm: 100,
    progression: [C_MAJ, G_MAJ, A_MIN, F_MAJ],
    pad: 0.6,
    pluck: 'arpeggio',
    bells: false,
    bass: 'roots',
    drums: 'soft',
  },
  upbeat: {
    bpm: 124,
    progression: [C_MAJ, A_MIN, F_MAJ, G_MAJ],
    pad: 0.35,
    pluck: 'offbeat',
    bells: false,
    bass: 'eighths',
    drums: 'driving',
  },
  relaxing: {
    bpm: 66,
    progression: [F_MAJ7, C_MAJ7, D_MIN7, C_MAJ7],
    pad: 0.8,
    pluck: 'none',
    bells: true,
    bass: 'none',
    drums: 'none',
  },
};

/** C major pentatonic, two octaves up: the bells' notes. */
const PENTATONIC = [72, 74, 76, 79, 81, 84, 86, 88];

const frequency = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** Mulberry32: a small seeded generator, so a bed sounds the same on every render. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One period of a sine, looked up instead of calling Math.sin per sample (beds are long). */
const TABLE_SIZE = 4096;
const SINE = Float32Array.from({ length: TABLE_SIZE + 1 }, (_, i) =>
  Math.sin((2 * Math.PI * i) / TABLE_SIZE),
);
/** sin(2π·cycles), for a phase counted in cycles. */
function sine(cycles: number): number {
  const position = (cycles - Math.floor(cycles)) * TABLE_SIZE;
  const index = position | 0;
  const fraction = position - index;
  return SINE[index]! + (SINE[index + 1]! - SINE[index]!) * fraction;
}

/** Adds a decaying tone (pluck, bell, bass, kick) starting at `start` seconds. */
function addNote(
  out: Float32Array,
  sampleRate: number,
  start: number,
  options: {
    hz: number;
    seconds: number;
    gain: number;
    decay: number;
    harmonics?: number[];
    glideTo?: number;
  },
): void {
  const first = Math.floor(start * sampleRate);
  const count = Math.min(Math.floor(options.seconds * sampleRate), out.length - first);
  const harmonics = options.harmonics ?? [1];
  const decayPerSample = Math.exp(-options.decay / sampleRate);
  let level = options.gain;
  let cycles = 0;
  for (let i = 0; i < count; i++) {
    const t = i / sampleRate;
    const hz = options.glideTo
      ? options.glideTo + (options.hz - options.glideTo) * Math.exp(-t * 30)
      : options.hz;
    cycles += hz / sampleRate;
    let value = 0;
    for (let h = 0; h < harmonics.length; h++) value += harmonics[h]! * sine(cycles * (h + 1));
    const attack = i < sampleRate * 0.005 ? t / 0.005 : 1;
    out[first + i]! += level * attack * value;
    level *= decayPerSample;
  }
}

/** Adds a short burst of filtered noise (hi-hat, shaker). */
function addNoise(
  out: Float32Array,
  sampleRate: number,
  start: number,
  gain: number,
  random: () => number,
): void {
  const first = Math.floor(start * sampleRate);
  const count = Math.min(Math.floor(0.06 * sampleRate), out.length - first);
  let previous = 0;
  for (let i = 0; i < count; i++) {
    const white = random() * 2 - 1;
    const high = white - previous; // a first-difference high-pass: brighter, like a hat
    previous = white;
    out[first + i]! += gain * high * Math.exp((-i / sampleRate) * 60);
  }
}

/** Sustained chord tones (three detuned voices each) with slow attack and release and a swell. */
function addPad(
  out: Float32Array,
  sampleRate: number,
  start: number,
  seconds: number,
  chord: number[],
  gain: number,
): void {
  const first = Math.floor(start * sampleRate);
  const count = Math.min(Math.floor((seconds + 1) * sampleRate), out.length - first);
  const fade = Math.min(1.2, seconds / 3);
  const steps = chord.flatMap((note) =>
    [-0.0035, 0, 0.0035].map((detune) => (frequency(note + 12) * (1 + detune)) / sampleRate),
  );
  const voiceGain = gain / 3;
  for (let i = 0; i < count; i++) {
    const t = i / sampleRate;
    const envelope = Math.min(1, t / fade) * Math.min(1, Math.max(0, seconds + 1 - t));
    const swell = 0.85 + 0.15 * sine(0.2 * (start + t));
    let value = 0;
    for (const step of steps) value += sine(step * i);
    out[first + i]! += voiceGain * envelope * swell * value;
  }
}

/** A music bed of `seconds` length in one of the BackgroundMusic styles (not "none"). */
export function renderMusicBed(
  music: Exclude<BackgroundMusic, 'none'>,
  seconds: number,
  sampleRate: number,
): Float32Array {
  const style = STYLES[music];
  const out = new Float32Array(Math.max(1, Math.ceil(seconds * sampleRate)));
  const random = seededRandom(music.length * 7919 + style.bpm);
  const beat = 60 / style.bpm;
  const bar = beat * 4;
  // Slow styles hold each chord for two bars, so the harmony does not hurry the voice.
  const chordBars = style.bpm < 80 ? 2 : 1;
  const chordSeconds = bar * chordBars;

  for (let index = 0, start = 0; start < seconds; index++, start += chordSeconds) {
    const chord = style.progression[index % style.progression.length]!;
    const root = chord[0]!;
    if (style.pad > 0) addPad(out, sampleRate, start, chordSeconds, chord, 0.12 * style.pad);
    for (let b = 0; b < 4 * chordBars; b++) {
      const beatStart = start + b * beat;
      if (beatStart >= seconds) break;
      if (style.bass === 'roots' && b % 2 === 0) {
        addNote(out, sampleRate, beatStart, {
          hz: frequency(root - 12),
          seconds: beat * 2,
          gain: 0.22,
          decay: 1.5,
          harmonics: [1, 0.3],
        });
      }
      if (style.bass === 'eighths') {
        for (const half of [0, 0.5]) {
          addNote(out, sampleRate, beatStart + half * beat, {
            hz: frequency(root - 12 + (half ? 12 : 0)),
            seconds: beat / 2,
            gain: 0.2,
            decay: 6,
            harmonics: [1, 0.5, 0.2],
          });
        }
      }
      if (style.pluck === 'arpeggio') {
        for (const half of [0, 0.5]) {
          const note = chord[(b * 2 + (half ? 1 : 0)) % chord.length]! + 12;
          addNote(out, sampleRate, beatStart + half * beat, {
            hz: frequency(note),
            seconds: beat,
            gain: 0.09,
            decay: 7,
            harmonics: [1, 0.45, 0.2, 0.1],
          });
        }
      }
      if (style.pluck === 'offbeat') {
        for (const note of chord.slice(1)) {
          addNote(out, sampleRate, beatStart + beat / 2, {
            hz: frequency(note + 12),
            seconds: beat / 2,
            gain: 0.05,
            decay: 12,
            harmonics: [1, 0.6, 0.3],
          });
        }
      }
      if (style.drums !== 'none') {
        const kickEvery = style.drums === 'driving' ? 1 : 2;
        if (b % kickEvery === 0) {
          addNote(out, sampleRate, beatStart, {
            hz: 150,
            glideTo: 48,
            seconds: 0.35,
            gain: style.drums === 'driving' ? 0.5 : 0.3,
            decay: 9,
          });
        }
        addNoise(
          out,
          sampleRate,
          beatStart + beat / 2,
          style.drums === 'driving' ? 0.1 : 0.05,
          random,
        );
      }
      if (style.bells && random() < 0.55) {
        const note = PENTATONIC[Math.floor(random() * PENTATONIC.length)]!;
        addNote(out, sampleRate, beatStart + (random() < 0.5 ? 0 : beat / 2), {
          hz: frequency(note),
          seconds: beat * 3,
          gain: 0.1,
          decay: 1.6,
          harmonics: [1, 0, 0.25, 0, 0.08],
        });
      }
    }
  }

  let peak = 0;
  for (const value of out) peak = Math.max(peak, Math.abs(value));
  if (peak > 0) for (let i = 0; i < out.length; i++) out[i]! /= peak;
  return out;
}
