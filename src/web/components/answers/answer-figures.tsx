import {
  Ban,
  CircleHelp,
  FileCheck2,
  MessageSquareText,
  ThumbsDown,
  ThumbsUp,
  MessageCircleQuestion,
} from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TAnswerAnalyticsDaily } from '#shared/schemas/answers.ts';
import type { TAnalyticsDays } from '#shared/schemas/analytics.ts';
import { AreaTrendChart } from '#web/components/analytics/area-trend-chart.tsx';
import { useAnalyticsFormat } from '#web/components/analytics/format.ts';
import { StatTile } from '#web/components/analytics/stat-tile.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useAnswerAnalytics, useAnswerAnalyticsDaily } from '#web/lib/answers/queries.ts';
import { useCards } from '#web/lib/cards/queries.ts';

const SERIES = [
  { key: 'answered', color: '#2563eb' },
  { key: 'declined', color: '#dc2626' },
  { key: 'fromAnswers', color: '#0d9488' },
] as const;

/** Questions per day: answered, declined, from the exhibitor's answers (recharts). */
function AnswersChart({ daily }: { daily: TAnswerAnalyticsDaily['daily'] }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const total = (key: (typeof SERIES)[number]['key'] | 'asked') =>
    format.number(daily.reduce((sum, day) => sum + day[key], 0));
  return (
    <AreaTrendChart
      daily={daily}
      series={SERIES}
      seriesLabel={(name) => t(`analytics.answers.${name}`)}
      testId="answers-chart"
      className="h-56 sm:h-64"
      caption={t('analytics.answers.trendSummary', {
        days: daily.length,
        asked: total('asked'),
        answered: total('answered'),
        declined: total('declined'),
        fromAnswers: total('fromAnswers'),
      })}
    />
  );
}

/**
 * The analytics screen's answers section: per card or all, over the page's period —
 * questions asked, answered with a source, declined, rated 👍 / 👎, answered from the
 * exhibitor's answers, and per day.
 */
export function AnswerFigures({ days }: { days: TAnalyticsDays }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const cards = useCards();
  const [cardId, setCardId] = useState<number | null>(null);
  const pickerId = useId();
  const totals = useAnswerAnalytics(cardId, days);
  const daily = useAnswerAnalyticsDaily(cardId, days);
  const figures = totals.data;

  return (
    <Card data-testid="answer-figures">
      <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3">
        <CardTitle className="text-base">{t('analytics.answers.title')}</CardTitle>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <Label htmlFor={pickerId} className="text-xs">
              {t('analytics.answers.card')}
            </Label>
            <NativeSelect
              id={pickerId}
              value={cardId === null ? '' : String(cardId)}
              onChange={(event) =>
                setCardId(event.target.value ? Number(event.target.value) : null)
              }
              className="h-9 w-56"
              data-testid="answer-figures-card"
            >
              <option value="">{t('analytics.answers.allCards')}</option>
              {(cards.data ?? []).map((card) => (
                <option key={card.id} value={card.id}>
                  {format.cardName(card.companyName ?? card.contactPerson ?? '', card.id)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button asChild size="sm" variant="outline">
            <Link
              href={
                cardId === null
                  ? '/questions-to-answer'
                  : `/questions-to-answer?businessCardId=${cardId}`
              }
            >
              <MessageCircleQuestion aria-hidden="true" />
              {t('analytics.answers.openList')}
            </Link>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {totals.isPending || daily.isPending ? (
          <Loading message={t('common.loading')} />
        ) : totals.isError || daily.isError || !figures ? (
          <p className="text-sm text-slate-600">{t('analytics.answers.loadFailed')}</p>
        ) : (
          <>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
              {(
                [
                  ['asked', CircleHelp],
                  ['answered', FileCheck2],
                  ['declined', Ban],
                  ['ratedUp', ThumbsUp],
                  ['ratedDown', ThumbsDown],
                  ['fromAnswers', MessageSquareText],
                ] as const
              ).map(([key, icon]) => (
                <StatTile
                  key={key}
                  testId={`answers-${key}`}
                  icon={icon}
                  label={t(`analytics.answers.${key}`)}
                  value={format.number(figures[key])}
                />
              ))}
            </div>
            {figures.asked === 0 ? (
              <p className="text-sm text-slate-600" data-testid="answer-figures-empty">
                {t('analytics.answers.empty')}
              </p>
            ) : daily.data ? (
              <AnswersChart daily={daily.data.daily} />
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
