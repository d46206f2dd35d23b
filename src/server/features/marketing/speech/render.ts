import type { AudioLanguage, BackgroundMusic, VoiceType } from '#shared/marketing/audio.ts';
import { speakText, type Pcm } from './espeak.ts';
import { mixVoiceOverBed, padVoice } from './mix.ts';
import { encodeMp3 } from './mp3.ts';
import { renderMusicBed } from './music-bed.ts';
import { engineVoice } from './voices.ts';

/* The whole offline render: script to speech, bed under it, MP3. Runs in the speech child. */

export interface RenderJob {
  script: string;
  /** A voice already spoken (the provider's): only the bed and the encoding are left. */
  voice?: Pcm;
  language: AudioLanguage;
  voiceType: VoiceType;
  backgroundMusic: BackgroundMusic;
}

export interface RenderedAudio {
  mp3: Uint8Array;
  durationSeconds: number;
}

/** Mixes a spoken track with the chosen bed and encodes it (also used for a provider's voice). */
export function finishAudio(voice: Pcm, backgroundMusic: BackgroundMusic): RenderedAudio {
  const mixed =
    backgroundMusic === 'none'
      ? padVoice(voice.samples, voice.sampleRate)
      : mixVoiceOverBed(voice.samples, voice.sampleRate, (seconds) =>
          renderMusicBed(backgroundMusic, seconds, voice.sampleRate),
        );
  return {
    mp3: encodeMp3(mixed.samples, voice.sampleRate),
    durationSeconds: mixed.samples.length / voice.sampleRate,
  };
}

export async function renderOfflineAudio(job: RenderJob): Promise<RenderedAudio> {
  const voice =
    job.voice ?? (await speakText(job.script, engineVoice(job.language, job.voiceType)));
  return finishAudio(voice, job.backgroundMusic);
}
