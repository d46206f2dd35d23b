import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Brush, Check, Palette as PaletteIcon, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MIN_TEXT_CONTRAST,
  PALETTE_DESCRIPTION_MAX,
  PALETTE_ROLES,
  type TPalette,
} from '#shared/marketing/palette.ts';
import type { TBusinessCard } from '#shared/schemas/cards.ts';
import { errorText, isApiError } from '#web/lib/api.ts';
import { CARDS_KEY, useCards } from '#web/lib/cards/queries.ts';
import { Button } from '../ui/button.tsx';
import { Card, CardContent } from '../ui/card.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { FormField } from '../ui/form-field.tsx';
import { NativeSelect } from '../ui/native-select.tsx';
import { Label } from '../ui/label.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { toast } from '../ui/use-toast.ts';
import { TEXTAREA_CLASS } from './poster-choices.tsx';
import { applyPalette, generatePalettes } from './poster-queries.ts';

/** The palette onto the chosen card, in one step: the card's colours and its posters'. */
function ApplyButton({ palette, card }: { palette: TPalette; card: TBusinessCard }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const apply = useMutation({
    mutationFn: () => applyPalette(card.id, { colors: palette.colors }),
    onSuccess: async () => {
      toast({ title: t('palette.page.applied', { card: cardLabel(card) }) });
      await queryClient.invalidateQueries({ queryKey: CARDS_KEY });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) return;
      toast({
        title: t('palette.page.applyFailed'),
        description: errorText(error, t('palette.page.failed')),
        variant: 'destructive',
      });
    },
  });
  return (
    <Button
      variant="outline"
      className="w-fit"
      onClick={() => apply.mutate()}
      disabled={apply.isPending}
      data-testid="apply-palette"
    >
      {apply.isPending ? (
        <Spinner size="small" className="text-current" />
      ) : (
        <Brush aria-hidden="true" />
      )}
      {t('palette.page.apply')}
    </Button>
  );
}

const cardLabel = (card: TBusinessCard) => card.companyName ?? card.contactPerson ?? `#${card.id}`;

function PaletteCard({ palette, card }: { palette: TPalette; card: TBusinessCard | null }) {
  const { t } = useTranslation();
  const { colors } = palette;
  const copy = async (color: string) => {
    try {
      await navigator.clipboard.writeText(color);
      toast({ title: t('palette.page.copied', { color }) });
    } catch {
      toast({ title: color });
    }
  };
  return (
    <Card data-testid="palette-card">
      <CardContent className="grid gap-3 p-4">
        <div>
          <h3 className="font-semibold text-slate-900">{palette.name}</h3>
          <p className="text-sm text-slate-600">{palette.description}</p>
        </div>
        <ul className="grid grid-cols-5 gap-1.5">
          {PALETTE_ROLES.map((role) => (
            <li key={role} className="grid gap-1 text-center">
              <button
                type="button"
                onClick={() => void copy(colors[role])}
                aria-label={t('palette.page.copy', {
                  color: `${t(`palette.page.roles.${role}`)} ${colors[role]}`,
                })}
                className="h-12 w-full cursor-pointer rounded-md border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
                style={{ backgroundColor: colors[role] }}
              />
              <span className="text-[0.7rem] text-slate-600">
                {t(`palette.page.roles.${role}`)}
              </span>
              <span className="font-mono text-[0.7rem] text-slate-800">{colors[role]}</span>
            </li>
          ))}
        </ul>
        <div
          className="grid gap-1 rounded-lg border border-slate-200 p-3"
          style={{ backgroundColor: colors.background, color: colors.text }}
        >
          <span className="font-semibold">{t('palette.page.sample')}</span>
          <span className="text-sm">{t('palette.page.sampleText')}</span>
          <span
            className="mt-1 h-2 w-16 rounded-full"
            style={{ backgroundColor: colors.accent }}
            aria-hidden="true"
          />
        </div>
        <p
          className="flex items-center gap-2 text-sm text-slate-700"
          data-testid="palette-contrast"
        >
          {t('palette.page.contrast', { ratio: palette.contrast.toFixed(2) })}
          {palette.contrast >= MIN_TEXT_CONTRAST ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
              <Check aria-hidden="true" className="size-3" />
              {t('palette.page.aaPass')}
            </span>
          ) : null}
        </p>
        {card ? <ApplyButton palette={palette} card={card} /> : null}
      </CardContent>
    </Card>
  );
}

/**
 * Company description in, brand palettes out; each can be applied to a card and its posters
 * (the page's card when given, else one the owner picks).
 */
export function PaletteGenerator({ cardId }: { cardId?: number | undefined } = {}) {
  const { t } = useTranslation();
  const id = useId();
  const [description, setDescription] = useState('');
  const mutation = useMutation({
    mutationFn: generatePalettes,
    onError: (error) => {
      if (isApiError(error) && error.status === 401) return;
      toast({
        title: t('palette.page.failedTitle'),
        description: errorText(error, t('palette.page.failed')),
        variant: 'destructive',
      });
    },
  });
  const submit = () => {
    if (!description.trim()) {
      toast({ title: t('palette.descriptionRequired'), variant: 'destructive' });
      return;
    }
    mutation.mutate(description);
  };
  const result = mutation.data;
  const cards = useCards().data ?? [];
  const [chosenCardId, setChosenCardId] = useState<number | null>(null);
  const card =
    cards.find((item) => item.id === (cardId ?? chosenCardId)) ??
    (cardId === undefined ? (cards[0] ?? null) : null);
  return (
    <div className="grid gap-6">
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Label htmlFor={id}>{t('palette.page.description')}</Label>
        <textarea
          id={id}
          className={TEXTAREA_CLASS}
          value={description}
          maxLength={PALETTE_DESCRIPTION_MAX}
          placeholder={t('palette.page.placeholder')}
          onChange={(event) => setDescription(event.target.value)}
        />
        <Button
          type="submit"
          className="w-fit"
          disabled={!description.trim() || mutation.isPending}
          data-testid="generate-palette"
        >
          {mutation.isPending ? (
            <Spinner size="small" className="text-current" />
          ) : (
            <Sparkles aria-hidden="true" />
          )}
          {mutation.isPending ? t('palette.page.generating') : t('palette.page.generate')}
        </Button>
      </form>
      <section aria-live="polite">
        {result ? (
          <div className="grid gap-4">
            <h2 className="text-base font-semibold text-slate-800" data-testid="palette-industry">
              {t('palette.page.industry', { industry: result.industry })}
            </h2>
            {cards.length > 1 && cardId === undefined ? (
              <FormField label={t('palette.page.applyTo')} hint={t('palette.page.applyHint')}>
                <NativeSelect
                  value={card?.id ?? ''}
                  onChange={(event) => setChosenCardId(Number(event.target.value))}
                  data-testid="palette-card-choice"
                >
                  {cards.map((item) => (
                    <option key={item.id} value={item.id}>
                      {cardLabel(item)}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            ) : card ? (
              <p className="text-sm text-slate-600">{t('palette.page.applyHint')}</p>
            ) : null}
            <div className="grid gap-4 md:grid-cols-2">
              {result.palettes.map((palette) => (
                <PaletteCard key={palette.name} palette={palette} card={card} />
              ))}
            </div>
          </div>
        ) : (
          <EmptyState
            icon={PaletteIcon}
            title={t('palette.page.emptyTitle')}
            text={t('palette.page.emptyText')}
            action={null}
          />
        )}
      </section>
    </div>
  );
}
