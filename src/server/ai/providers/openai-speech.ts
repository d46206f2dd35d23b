import type OpenAI from 'openai';
import type { VoiceType } from '#shared/marketing/audio.ts';
import { ProviderError } from '../provider-error.ts';
import type { SpeakRequest, SpokenAudio } from '../provider.ts';

/*
 * Speech from an OpenAI-compatible POST /audio/speech. We ask for raw PCM (24 kHz, 16-bit,
 * mono) so the marketing studio's bed and encoder finish it as they finish the offline voice.
 * The answer is read with a cap; anything wrong throws ProviderError.
 */

const SAMPLE_RATE = 24_000;
/** Three minutes of 24 kHz 16-bit audio: far more than a one-minute script needs. */
const MAX_BYTES = 3 * 60 * SAMPLE_RATE * 2;

const VOICES: Record<VoiceType, string> = {
  professional: 'onyx',
  'professional-female': 'nova',
  casual: 'alloy',
  narrative: 'fable',
  news: 'echo',
};

async function readCapped(response: Response): Promise<Uint8Array> {
  if (!response.body) throw new ProviderError('the speech answer has no body');
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += part.byteLength;
    if (size > MAX_BYTES) throw new ProviderError('the speech answer is too long');
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

export async function speakText(
  client: OpenAI,
  model: string,
  request: SpeakRequest,
): Promise<SpokenAudio> {
  let bytes: Uint8Array;
  try {
    const response = await client.audio.speech.create({
      model,
      input: request.text,
      voice: VOICES[request.voiceType],
      response_format: 'pcm',
    });
    bytes = await readCapped(response);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError(error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }
  // Whole 16-bit samples, at least a tenth of a second of them.
  if (bytes.byteLength < SAMPLE_RATE / 5) throw new ProviderError('the speech answer is empty');
  const even = bytes.byteLength & ~1;
  return {
    samples: new Int16Array(bytes.buffer.slice(0, even)),
    sampleRate: SAMPLE_RATE,
    model,
  };
}
