import type { AppContext } from '#server/context.ts';
import type { VoiceType } from '#shared/marketing/audio.ts';
import type { Pcm } from './espeak.ts';

/*
 * The provider's voice (OpenAI-compatible POST /audio/speech), used when OPENAI_SPEECH_MODEL
 * is set with OPENAI_API_KEY. We ask for raw PCM (24 kHz, 16-bit, mono) so the same bed and
 * encoder finish it as the offline voice. Any failure answers null and the offline voice
 * speaks instead: an introduction never fails because a provider is down.
 */

export const PROVIDER_SAMPLE_RATE = 24_000;
const TIMEOUT_MS = 45_000;
/** Three minutes of 24 kHz 16-bit audio: far more than a one-minute script needs. */
const MAX_BYTES = 3 * 60 * PROVIDER_SAMPLE_RATE * 2;

const PROVIDER_VOICES: Record<VoiceType, string> = {
  professional: 'onyx',
  'professional-female': 'nova',
  casual: 'alloy',
  narrative: 'fable',
  news: 'echo',
};

export interface ProviderVoice {
  pcm: Pcm;
  /** Which model spoke, for the stored record ("provider:tts-1"). */
  engine: string;
}

export function providerSpeechConfigured(ctx: AppContext): boolean {
  return Boolean(ctx.config.speechModel && ctx.config.openai.apiKey);
}

async function readCapped(response: Response): Promise<Uint8Array | null> {
  if (!response.body) return null;
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += part.byteLength;
    if (size > MAX_BYTES) return null;
    parts.push(part);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

export async function speakWithProvider(
  ctx: AppContext,
  script: string,
  voiceType: VoiceType,
  log?: (message: string) => void,
): Promise<ProviderVoice | null> {
  const { speechModel, openai } = ctx.config;
  if (!speechModel || !openai.apiKey) return null;
  try {
    const response = await fetch(`${openai.baseUrl.replace(/\/+$/u, '')}/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${openai.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: speechModel,
        input: script,
        voice: PROVIDER_VOICES[voiceType],
        response_format: 'pcm',
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) {
      log?.(`speech provider answered ${response.status}`);
      return null;
    }
    const bytes = await readCapped(response);
    // Whole 16-bit samples, at least a tenth of a second of them.
    if (!bytes || bytes.byteLength < PROVIDER_SAMPLE_RATE / 5) return null;
    const even = bytes.byteLength & ~1;
    const samples = new Int16Array(bytes.buffer.slice(0, even));
    return {
      pcm: { samples, sampleRate: PROVIDER_SAMPLE_RATE },
      engine: `provider:${speechModel}`,
    };
  } catch (error) {
    log?.(`speech provider failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
