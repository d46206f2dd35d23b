import { sharedProviders } from '#server/ai/provider.ts';
import type { AppContext } from '#server/context.ts';
import type { VoiceType } from '#shared/marketing/audio.ts';
import type { Pcm } from './espeak.ts';

/*
 * The provider's voice (the AI provider's speak(): OpenAI-compatible POST /audio/speech, raw
 * PCM), used when OPENAI_SPEECH_MODEL is set with OPENAI_API_KEY; the same bed and encoder
 * finish it as the offline voice. Any failure answers null and the offline voice speaks
 * instead: an introduction never fails because a provider is down.
 */

export interface ProviderVoice {
  pcm: Pcm;
  /** Which model spoke, for the stored record ("provider:tts-1"). */
  engine: string;
}

export async function speakWithProvider(
  ctx: AppContext,
  script: string,
  voiceType: VoiceType,
  log?: (message: string) => void,
): Promise<ProviderVoice | null> {
  const speaker = sharedProviders(ctx.config).speaker();
  if (!speaker?.speak) return null;
  try {
    const spoken = await speaker.speak({ text: script, voiceType });
    return {
      pcm: { samples: spoken.samples, sampleRate: spoken.sampleRate },
      engine: `provider:${spoken.model}`,
    };
  } catch (error) {
    log?.(`speech provider failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
