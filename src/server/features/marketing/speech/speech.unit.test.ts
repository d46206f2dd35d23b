import { describe, expect, it } from 'vitest';
import { INTRO_SECONDS, mixVoiceOverBed } from './mix.ts';
import { renderMusicBed } from './music-bed.ts';
import { createSpeechQueue, SpeechError } from './speech-queue.ts';

/*
 * The offline audio chain below the HTTP layer: the beds are music (not silence, each style
 * different), the voice sits clearly above the bed, and the render queue holds its limits.
 */

const RATE = 22050;

function rms(samples: ArrayLike<number>, from = 0, to = samples.length, scale = 1): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += (samples[i]! / scale) ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
}

describe('music beds', { timeout: 30_000 }, () => {
  const styles = ['ambient', 'corporate', 'upbeat', 'relaxing'] as const;

  it('each style is audible all the way through and differs from the others', () => {
    const beds = styles.map((style) => renderMusicBed(style, 12, RATE));
    for (const bed of beds) {
      expect(bed.length).toBe(12 * RATE);
      // Every 2-second stretch carries sound (a pad, notes or drums), none is silence.
      for (let second = 0; second < 12; second += 2) {
        expect(rms(bed, second * RATE, (second + 2) * RATE)).toBeGreaterThan(0.02);
      }
    }
    for (let a = 0; a < beds.length; a++) {
      for (let b = a + 1; b < beds.length; b++) {
        let difference = 0;
        for (let i = 0; i < RATE * 4; i++) difference += Math.abs(beds[a]![i]! - beds[b]![i]!);
        expect(difference / (RATE * 4)).toBeGreaterThan(0.02);
      }
    }
  });

  it('upbeat has a faster pulse than ambient (more swells of loudness per second)', () => {
    const pulses = (bed: Float32Array) => {
      const window = Math.round(RATE / 20);
      const levels: number[] = [];
      for (let i = 0; i + window <= bed.length; i += window) levels.push(rms(bed, i, i + window));
      const mean = levels.reduce((sum, level) => sum + level, 0) / levels.length;
      let peaks = 0;
      for (let i = 1; i < levels.length - 1; i++) {
        const level = levels[i]!;
        if (level > levels[i - 1]! && level >= levels[i + 1]! && level > mean * 1.15) peaks++;
      }
      return peaks;
    };
    expect(pulses(renderMusicBed('upbeat', 8, RATE))).toBeGreaterThan(
      pulses(renderMusicBed('ambient', 8, RATE)) * 1.3,
    );
  });
});

describe('mixing', { timeout: 30_000 }, () => {
  it('plays the bed alone first, then keeps it well under the voice', () => {
    // A stand-in voice: 3 s of a loud 220 Hz tone.
    const voice = new Int16Array(3 * RATE);
    for (let i = 0; i < voice.length; i++)
      voice[i] = Math.round(20000 * Math.sin((2 * Math.PI * 220 * i) / RATE));
    const mixed = mixVoiceOverBed(voice, RATE, (seconds) =>
      renderMusicBed('corporate', seconds, RATE),
    );
    const intro = rms(mixed.samples, RATE, INTRO_SECONDS * RATE, 32768);
    const speaking = rms(
      mixed.samples,
      (INTRO_SECONDS + 1) * RATE,
      (INTRO_SECONDS + 2) * RATE,
      32768,
    );
    expect(intro).toBeGreaterThan(0.02); // the bed is heard before the voice starts
    expect(speaking).toBeGreaterThan(intro * 4); // the voice dominates while it speaks
    expect(mixed.samples.length).toBeGreaterThan(voice.length + INTRO_SECONDS * RATE);
  });
});

describe('the render queue', () => {
  const job = {
    script: 'Welcome to our booth.',
    language: 'en' as const,
    voiceType: 'casual' as const,
    backgroundMusic: 'none' as const,
  };

  it('refuses a render beyond its waiting room instead of piling up', async () => {
    const queue = createSpeechQueue({
      concurrency: 1,
      maxWaiting: 0,
      maxMemoryMb: 384,
      timeoutMs: 60_000,
    });
    const first = queue.render(job);
    await expect(queue.render(job)).rejects.toMatchObject({ reason: 'busy' });
    const done = await first;
    expect(done.durationSeconds).toBeGreaterThan(1);
    expect(queue.load()).toEqual({ running: 0, waiting: 0 });
  }, 60_000);

  it('kills a render that outgrows its memory cap or its time limit', async () => {
    const small = createSpeechQueue({
      concurrency: 1,
      maxWaiting: 1,
      maxMemoryMb: 48,
      timeoutMs: 60_000,
    });
    const failure = await small.render(job).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SpeechError);
    expect((failure as SpeechError).reason).toBe('memory');
    const hasty = createSpeechQueue({
      concurrency: 1,
      maxWaiting: 1,
      maxMemoryMb: 384,
      timeoutMs: 150,
    });
    await expect(hasty.render(job)).rejects.toMatchObject({ reason: 'timeout' });
  }, 60_000);
});
