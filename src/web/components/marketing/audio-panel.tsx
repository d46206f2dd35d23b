import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileText, Mic, Music, Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AUDIO_LANGUAGES,
  AUDIO_TITLE_MAX,
  BACKGROUND_MUSIC,
  VOICE_TYPES,
  ZAudioGenerateRequest,
  type AudioLanguage,
  type TAudioGenerateInput,
  type TAudioGenerateRequest,
  type TAudioGenerateResponse,
  type TPodcast,
  type TPodcastList,
} from '#shared/marketing/audio.ts';
import { currentLanguage } from '#web/i18n/index.ts';
import { apiRequest, errorText } from '#web/lib/api.ts';
import { useAuthExpiredHandler } from '#web/lib/cards/queries.ts';
import { applyServerFieldErrors } from '#web/lib/form-errors.ts';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { NativeSelect } from '../ui/native-select.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { toast } from '../ui/use-toast.ts';

const podcastsKey = (cardId: number) => ['/api/podcasts', cardId] as const;

function usePodcasts(cardId: number) {
  return useQuery({
    queryKey: podcastsKey(cardId),
    queryFn: () => apiRequest<TPodcastList>('GET', `/api/podcasts?businessCardId=${cardId}`),
    select: (data) => data.podcasts,
  });
}

/** m:ss of a duration in seconds. */
function useDuration() {
  const { t } = useTranslation();
  return (seconds: number) =>
    t('audio.result.duration', {
      minutes: Math.floor(seconds / 60),
      seconds: String(seconds % 60).padStart(2, '0'),
    });
}

function defaultLanguage(): AudioLanguage {
  const language = currentLanguage();
  return (AUDIO_LANGUAGES as readonly string[]).includes(language)
    ? (language as AudioLanguage)
    : 'zh-CN';
}

/**
 * Audio introductions of one card: title, language, voice
 * and background music; the generated MP3 plays here with its transcript, and earlier
 * recordings of the card are listed. Used by /audio-content and the advanced-features tab.
 */
export function AudioPanel({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const handleAuthExpired = useAuthExpiredHandler();
  const podcasts = usePodcasts(cardId);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const form = useForm<TAudioGenerateRequest, unknown, TAudioGenerateInput>({
    resolver: zodResolver(ZAudioGenerateRequest),
    defaultValues: {
      title: '',
      voiceType: 'professional',
      backgroundMusic: 'corporate',
      language: defaultLanguage(),
      businessCardId: cardId,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (data) => {
    try {
      const answer = await apiRequest<TAudioGenerateResponse>('POST', '/api/audio/generate', {
        ...data,
        businessCardId: cardId,
      });
      queryClient.setQueryData<TPodcastList>(podcastsKey(cardId), (list) => ({
        podcasts: [answer.podcast, ...(list?.podcasts ?? [])],
      }));
      setSelectedId(answer.podcast.id);
      toast({ title: t('audio.result.generated'), variant: 'success' });
    } catch (error) {
      if (handleAuthExpired(error)) return;
      if (applyServerFieldErrors(error, ['title', 'voiceType', 'backgroundMusic'], form.setError))
        return;
      toast({
        title: t('audio.errors.failed'),
        description: errorText(error, t('general.tryAgain')),
        variant: 'destructive',
      });
    }
  });

  const remove = useMutation({
    mutationFn: (podcast: TPodcast) => apiRequest('DELETE', `/api/podcasts/${podcast.id}`),
    onSuccess: (_answer, podcast) => {
      queryClient.setQueryData<TPodcastList>(podcastsKey(cardId), (list) => ({
        podcasts: (list?.podcasts ?? []).filter((item) => item.id !== podcast.id),
      }));
      toast({ title: t('audio.result.deleted'), variant: 'success' });
    },
    onError: (error) => {
      if (handleAuthExpired(error)) return;
      toast({ title: errorText(error, t('general.tryAgain')), variant: 'destructive' });
    },
  });

  const list = podcasts.data ?? [];
  const selected = list.find((item) => item.id === selectedId) ?? list[0] ?? null;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Mic aria-hidden="true" className="size-5 text-brand-700" />
            {t('audio.form.heading')}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            onSubmit={(event) => void submit(event)}
            className="grid gap-4"
            data-testid="audio-form"
          >
            <FormField label={t('audio.form.title')} error={errors.title}>
              <Input
                {...form.register('title')}
                maxLength={AUDIO_TITLE_MAX}
                autoComplete="off"
                placeholder={t('audio.form.titlePlaceholder')}
                data-testid="audio-title"
              />
            </FormField>
            <FormField label={t('audio.form.language')} error={errors.language}>
              <NativeSelect {...form.register('language')} data-testid="audio-language">
                {AUDIO_LANGUAGES.map((language) => (
                  <option key={language} value={language}>
                    {t(`audio.languages.${language}`)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label={t('audio.form.voiceType')} error={errors.voiceType}>
              <NativeSelect {...form.register('voiceType')} data-testid="audio-voice">
                {VOICE_TYPES.map((voice) => (
                  <option key={voice} value={voice}>
                    {t(`audio.voices.${voice}`)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label={t('audio.form.backgroundMusic')} error={errors.backgroundMusic}>
              <NativeSelect {...form.register('backgroundMusic')} data-testid="audio-music">
                {BACKGROUND_MUSIC.map((music) => (
                  <option key={music} value={music}>
                    {t(`audio.music.${music}`)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <p className="text-xs text-slate-600">{t('audio.form.hint')}</p>
            <Button type="submit" disabled={isSubmitting} data-testid="audio-generate">
              {isSubmitting ? (
                <Spinner size="small" className="text-white" />
              ) : (
                <Mic aria-hidden="true" />
              )}
              {isSubmitting ? t('audio.form.generating') : t('audio.form.generate')}
            </Button>
            {isSubmitting ? (
              <p role="status" className="sr-only">
                {t('audio.form.generating')}
              </p>
            ) : null}
          </form>
        </CardContent>
      </Card>

      <div className="grid content-start gap-6">
        {selected ? (
          <PodcastPlayer podcast={selected} />
        ) : podcasts.isLoading ? null : (
          <p
            className="rounded-xl border-2 border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600"
            data-testid="audio-empty"
          >
            {t('audio.result.empty')}
          </p>
        )}
        {list.length > 1 ? (
          <PodcastHistory
            podcasts={list}
            selectedId={selected?.id ?? null}
            onSelect={setSelectedId}
            onDelete={(podcast) => remove.mutate(podcast)}
          />
        ) : null}
      </div>
    </div>
  );
}

function PodcastPlayer({ podcast }: { podcast: TPodcast }) {
  const { t } = useTranslation();
  const duration = useDuration();
  return (
    <Card data-testid="audio-result">
      <CardHeader>
        <CardTitle className="break-words">{podcast.title}</CardTitle>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
          <span>{duration(podcast.duration)}</span>
          <span>{t(`audio.languages.${podcast.language}`)}</span>
          <span>
            {t(`audio.voices.${podcast.voiceType}`)}
            {' · '}
            {podcast.engine.startsWith('provider:')
              ? podcast.engine.slice('provider:'.length)
              : t('audio.result.engine')}
          </span>
          <span className="inline-flex items-center gap-1">
            <Music aria-hidden="true" className="size-3.5" />
            {t(`audio.music.${podcast.backgroundMusic}`)}
          </span>
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <audio
          key={podcast.id}
          controls
          preload="metadata"
          src={podcast.audioUrl}
          className="w-full"
          aria-label={t('audio.result.play', { title: podcast.title })}
          data-testid="audio-player"
        />
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={`${podcast.audioUrl}?download=1`} download data-testid="audio-download">
              <Download aria-hidden="true" />
              {t('audio.result.download')}
            </a>
          </Button>
        </div>
        <section aria-labelledby={`transcript-${podcast.id}`} className="grid gap-2">
          <h3
            id={`transcript-${podcast.id}`}
            className="flex items-center gap-2 text-sm font-semibold text-slate-900"
          >
            <FileText aria-hidden="true" className="size-4" />
            {t('audio.result.transcript')}
          </h3>
          <p
            className="rounded-lg bg-slate-50 p-4 text-sm leading-relaxed whitespace-pre-line text-slate-800"
            data-testid="audio-transcript"
          >
            {podcast.transcript}
          </p>
        </section>
      </CardContent>
    </Card>
  );
}

function PodcastHistory({
  podcasts,
  selectedId,
  onSelect,
  onDelete,
}: {
  podcasts: TPodcast[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  onDelete: (podcast: TPodcast) => void;
}) {
  const { t, i18n } = useTranslation();
  const duration = useDuration();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('audio.result.history')}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" data-testid="audio-history">
          {podcasts.map((podcast) => (
            <li
              key={podcast.id}
              className="flex items-center gap-2 rounded-lg border border-slate-200 p-2"
              aria-current={podcast.id === selectedId ? 'true' : undefined}
            >
              <Button
                variant={podcast.id === selectedId ? 'secondary' : 'ghost'}
                className="h-auto min-h-11 flex-1 justify-start text-left whitespace-normal"
                onClick={() => onSelect(podcast.id)}
              >
                <Play aria-hidden="true" />
                <span className="grid">
                  <span className="font-medium break-words">{podcast.title}</span>
                  <span className="text-xs text-slate-600">
                    {duration(podcast.duration)} ·{' '}
                    {new Date(podcast.createdAt).toLocaleString(i18n.language)}
                  </span>
                </span>
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="size-11"
                aria-label={`${t('audio.result.delete')}: ${podcast.title}`}
                onClick={() => onDelete(podcast)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
