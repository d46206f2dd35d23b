import { useMutation } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ADVANCED_POSTER_STYLES, type TQuickPosterRequest } from '#shared/marketing/poster.ts';
import { errorText, isApiError } from '#web/lib/api.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { toast } from '../ui/use-toast.ts';
import { ChoiceButtons, TEXTAREA_CLASS } from './poster-choices.tsx';
import { PosterDetail } from './poster-preview.tsx';
import { generateQuickPoster } from './poster-queries.ts';

type QuickStyle = TQuickPosterRequest['posterStyle'];

/** The advanced-features poster tab: title, optional details, a style, and the result. */
export function PosterQuickForm({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const ids = { title: useId(), description: useId(), date: useId(), location: useId() };
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [eventDate, setEventDate] = useState('');
  const [eventLocation, setEventLocation] = useState('');
  const [posterStyle, setPosterStyle] = useState<QuickStyle>('professional');
  const mutation = useMutation({
    mutationFn: generateQuickPoster,
    onError: (error) => {
      if (isApiError(error) && error.status === 401) return;
      toast({
        title: t('posters.page.errorTitle'),
        description: errorText(error, t('advancedFeatures.poster.failed')),
        variant: 'destructive',
      });
    },
  });
  const submit = () => {
    if (!title.trim()) {
      toast({ title: t('advancedFeatures.poster.titleRequired'), variant: 'destructive' });
      return;
    }
    mutation.mutate({
      title,
      description: description || undefined,
      eventDate: eventDate || undefined,
      eventLocation: eventLocation || undefined,
      posterStyle,
      businessCardId: cardId,
    });
  };
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form
        className="grid content-start gap-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor={ids.title}>{t('advancedFeatures.poster.title')}</Label>
          <Input
            id={ids.title}
            value={title}
            maxLength={120}
            onChange={(e) => setTitle(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.description}>{t('advancedFeatures.poster.description')}</Label>
          <textarea
            id={ids.description}
            className={TEXTAREA_CLASS}
            value={description}
            maxLength={1000}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={ids.date}>{t('advancedFeatures.poster.date')}</Label>
            <Input
              id={ids.date}
              type="date"
              value={eventDate}
              onChange={(e) => setEventDate(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.location}>{t('advancedFeatures.poster.location')}</Label>
            <Input
              id={ids.location}
              value={eventLocation}
              maxLength={120}
              onChange={(e) => setEventLocation(e.target.value)}
            />
          </div>
        </div>
        <ChoiceButtons
          legend={t('advancedFeatures.poster.style')}
          options={ADVANCED_POSTER_STYLES}
          value={posterStyle}
          onChange={setPosterStyle}
          labelKey={(style) => `posters.styles.${style}`}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={mutation.isPending} data-testid="quick-poster">
            {mutation.isPending ? (
              <Spinner size="small" className="text-current" />
            ) : (
              <Sparkles aria-hidden="true" />
            )}
            {mutation.isPending
              ? t('advancedFeatures.poster.generating')
              : t('advancedFeatures.poster.generate')}
          </Button>
          <Link href="/event-poster" className="text-sm font-medium text-brand-700 underline">
            {t('advancedFeatures.poster.more')}
          </Link>
        </div>
      </form>
      <section aria-live="polite">
        {mutation.data ? <PosterDetail poster={mutation.data.poster} /> : null}
      </section>
    </div>
  );
}
