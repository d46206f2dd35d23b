import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Assistant } from '#server/ai/assistant.ts';
import { ProviderError, writerFor } from '#server/ai/writer.ts';
import type { AppContext } from '#server/context.ts';
import { businessCards, podcasts } from '#server/db/schema.ts';
import { findOwnedCard } from '#server/features/cards/service.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { audioKey } from '#server/lib/storage-keys.ts';
import type { TAudioGenerateInput, TPodcast, AudioLanguage } from '#shared/marketing/audio.ts';
import { writeAudioScript } from './audio-script.ts';
import { speakWithProvider } from './speech/provider-speech.ts';
import { SpeechError, type SpeechQueue } from './speech/speech-queue.ts';

/*
 * Audio introductions: a script from the card's documents, spoken offline (speech/), stored as
 * an MP3 under the owner's storage with a `podcasts` row (duration, language, transcript).
 * Rows belong to a card; a card belongs to its owner: every lookup joins the two.
 */

export const OFFLINE_ENGINE = 'espeak-ng';

interface VoiceSettings {
  voiceType: string;
  backgroundMusic: string;
  engine: string;
  /** The MP3's name in the owner's audio folder. */
  file: string;
}

export interface AudioDeps {
  ctx: AppContext;
  assistant: Assistant;
  speech: SpeechQueue;
  log?: (message: string) => void;
}

const audioUrl = (id: number) => `/api/podcasts/${id}/audio`;

type PodcastRow = typeof podcasts.$inferSelect;

function toPodcast(row: PodcastRow): TPodcast {
  const settings = (row.voiceSettings ?? {}) as Partial<VoiceSettings>;
  return {
    id: row.id,
    businessCardId: row.businessCardId,
    title: row.title,
    audioUrl: audioUrl(row.id),
    duration: row.duration ?? 0,
    language: row.language ?? '',
    transcript: row.transcript ?? '',
    voiceType: settings.voiceType ?? '',
    backgroundMusic: settings.backgroundMusic ?? '',
    engine: settings.engine ?? '',
    createdAt: row.createdAt.toISOString(),
  };
}

function speechFailure(error: SpeechError): AppError {
  if (error.reason === 'busy') {
    return new AppError('RATE_LIMITED', 'audio.errors.busy', { seconds: 30 });
  }
  return new AppError('UNPROCESSABLE', 'audio.errors.renderFailed');
}

/** A provider, when one is configured, rewrites the local script into smoother speech. */
async function polishedScript(
  ctx: AppContext,
  selectedModel: string | null,
  script: string,
  language: AudioLanguage,
): Promise<string> {
  const writer = writerFor(ctx, selectedModel);
  if (!writer) return script;
  const languageName = {
    en: 'English',
    'zh-CN': 'Simplified Chinese',
    'zh-TW': 'Traditional Chinese',
  }[language];
  try {
    const text = await writer.write({
      instruction: `Rewrite this company introduction as a warm, natural spoken script of about one minute in ${languageName}. Keep every fact, add none. Plain sentences only: no headings, lists, emoji or stage directions.`,
      data: script,
      maxTokens: 700,
    });
    return text.length > 20 ? text.slice(0, script.length * 2) : script;
  } catch (error) {
    if (error instanceof ProviderError) return script;
    throw error;
  }
}

export async function generateAudio(
  deps: AudioDeps,
  ownerId: number,
  input: TAudioGenerateInput,
  requestLanguage: AudioLanguage,
): Promise<TPodcast> {
  const { ctx } = deps;
  const card = await findOwnedCard(ctx, ownerId, input.businessCardId);
  const intelligence = await deps.assistant.intelligence(card.id);
  if (!intelligence && !card.companyName?.trim()) {
    throw new AppError('UNPROCESSABLE', 'audio.errors.nothingToSay');
  }
  const language = input.language ?? requestLanguage;
  const local = writeAudioScript({ title: input.title, language, card, intelligence });
  const script = await polishedScript(ctx, card.selectedAiModel, local.text, language);

  const provided = await speakWithProvider(ctx, script, input.voiceType, deps.log);
  let rendered;
  try {
    rendered = await deps.speech.render({
      script,
      language,
      voiceType: input.voiceType,
      backgroundMusic: input.backgroundMusic,
      ...(provided ? { voice: provided.pcm } : {}),
    });
  } catch (error) {
    if (error instanceof SpeechError) throw speechFailure(error);
    throw error;
  }

  const file = `${randomBytes(12).toString('hex')}.mp3`;
  await ctx.storage.putBytes(audioKey(ownerId, file), rendered.mp3, 'audio/mpeg');
  const settings: VoiceSettings = {
    voiceType: input.voiceType,
    backgroundMusic: input.backgroundMusic,
    engine: provided?.engine ?? OFFLINE_ENGINE,
    file,
  };
  const [row] = await ctx.db
    .insert(podcasts)
    .values({
      businessCardId: card.id,
      title: input.title,
      description: null,
      duration: Math.max(1, Math.round(rendered.durationSeconds)),
      language,
      transcript: script,
      voiceSettings: settings,
      createdAt: ctx.now(),
    })
    .returning();
  const [stored] = await ctx.db
    .update(podcasts)
    .set({ audioUrl: audioUrl(row!.id) })
    .where(eq(podcasts.id, row!.id))
    .returning();
  return toPodcast(stored!);
}

export async function listPodcasts(
  ctx: AppContext,
  ownerId: number,
  businessCardId?: number,
): Promise<TPodcast[]> {
  const rows = await ctx.db
    .select({ podcast: podcasts })
    .from(podcasts)
    .innerJoin(businessCards, eq(podcasts.businessCardId, businessCards.id))
    .where(
      and(
        eq(businessCards.userId, ownerId),
        businessCardId === undefined ? undefined : eq(podcasts.businessCardId, businessCardId),
      ),
    )
    .orderBy(desc(podcasts.createdAt), desc(podcasts.id))
    .limit(200);
  return rows.map((row) => toPodcast(row.podcast));
}

async function findOwnedPodcast(ctx: AppContext, ownerId: number, id: number) {
  const [row] = await ctx.db
    .select({ podcast: podcasts })
    .from(podcasts)
    .innerJoin(businessCards, eq(podcasts.businessCardId, businessCards.id))
    .where(and(eq(podcasts.id, id), eq(businessCards.userId, ownerId)))
    .limit(1);
  if (!row) throw notFound();
  return row.podcast;
}

/** The stored MP3 of the owner's podcast: its key and size (404 for anyone else's). */
export async function podcastFile(
  ctx: AppContext,
  ownerId: number,
  id: number,
): Promise<{ key: string; size: number; title: string }> {
  const podcast = await findOwnedPodcast(ctx, ownerId, id);
  const name = (podcast.voiceSettings as Partial<VoiceSettings> | null)?.file;
  if (!name || !/^[a-f0-9]{24}\.mp3$/u.test(name)) throw notFound();
  const key = audioKey(ownerId, name);
  const stat = await ctx.storage.stat(key);
  if (!stat) throw notFound();
  return { key, size: stat.size, title: podcast.title };
}

export async function deletePodcast(ctx: AppContext, ownerId: number, id: number): Promise<void> {
  const podcast = await findOwnedPodcast(ctx, ownerId, id);
  await ctx.db.delete(podcasts).where(eq(podcasts.id, podcast.id));
  const name = (podcast.voiceSettings as Partial<VoiceSettings> | null)?.file;
  if (name && /^[a-f0-9]{24}\.mp3$/u.test(name)) {
    await ctx.storage.remove(audioKey(ownerId, name));
  }
}
