import { Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STARTER_CATEGORIES, type TStarter } from '#shared/marketing/starters.ts';
import type { TCompanySummary } from '#shared/marketing/summary.ts';
import { Button } from '../ui/button.tsx';
import { Card, CardContent } from '../ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs.tsx';
import { recordStarterUse, useCopy } from './social-api.ts';
import { UsesBadge } from './starter-badge.tsx';

function StarterCard({ starter }: { starter: TStarter }) {
  const { t } = useTranslation();
  const copy = useCopy();
  const [uses, setUses] = useState(starter.uses);
  // Copying the text is using it: the server counts it, and the badge shows its count.
  const copyAndCount = async () => {
    if (!(await copy(starter.content))) return;
    try {
      setUses(await recordStarterUse(starter.content));
    } catch {
      // The text is copied; only the count could not be saved (it stays as it was).
    }
  };
  return (
    <Card data-testid="starter">
      <CardContent className="grid grid-cols-1 gap-2 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="font-semibold text-slate-900">{starter.title}</h3>
          <UsesBadge uses={uses} />
        </div>
        <p className="text-sm whitespace-pre-wrap text-slate-800">{starter.content}</p>
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <span className="rounded-full bg-slate-100 px-2 py-0.5">
            {t(`marketingText.categories.${starter.category}`)}
          </span>
          <span className="rounded-full bg-slate-100 px-2 py-0.5">
            {t(`marketingText.tones.${starter.tone}`)}
          </span>
          <span className="rounded-full bg-slate-100 px-2 py-0.5">
            {t(`marketingText.scenarios.${starter.scenario}`)}
          </span>
          <Button variant="ghost" size="sm" className="ml-auto" onClick={() => void copyAndCount()}>
            <Copy aria-hidden="true" />
            {t('marketingText.common.copy')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** The starters under tabs: all, then one per category; an empty category says so. */
export function StarterList({ starters }: { starters: readonly TStarter[] }) {
  const { t } = useTranslation();
  const tabs = ['all', ...STARTER_CATEGORIES] as const;
  return (
    <Tabs defaultValue="all">
      <div className="overflow-x-auto pb-1">
        <TabsList>
          {tabs.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {tab === 'all'
                ? t('marketingText.starters.all')
                : t(`marketingText.categories.${tab}`)}
            </TabsTrigger>
          ))}
        </TabsList>
      </div>
      {tabs.map((tab) => {
        const shown = tab === 'all' ? starters : starters.filter((s) => s.category === tab);
        return (
          <TabsContent key={tab} value={tab} className="grid grid-cols-1 gap-3">
            {shown.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
                {t('marketingText.starters.emptyCategory')}
              </p>
            ) : (
              shown.map((starter) => <StarterCard key={starter.id} starter={starter} />)
            )}
          </TabsContent>
        );
      })}
    </Tabs>
  );
}

/** The company introductions: title, text, word count, key points and copy. */
export function SummaryList({ summaries }: { summaries: readonly TCompanySummary[] }) {
  const { t } = useTranslation();
  const copy = useCopy();
  return (
    <div className="grid grid-cols-1 gap-3" data-testid="summaries">
      {summaries.map((summary) => (
        <Card key={summary.id} className="min-w-0">
          <CardContent className="grid grid-cols-1 gap-2 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold text-slate-900">{summary.title}</h3>
              <span className="text-xs text-slate-600">
                {t('marketingText.starters.wordCount', { count: summary.wordCount })}
              </span>
            </div>
            <p className="text-sm whitespace-pre-wrap text-slate-800" lang={summary.language}>
              {summary.content}
            </p>
            {summary.keyPoints.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5">
                {summary.keyPoints.map((point) => (
                  <li
                    key={point}
                    className="max-w-full rounded-2xl bg-brand-50 px-2 py-0.5 text-xs break-words text-brand-800"
                  >
                    {point}
                  </li>
                ))}
              </ul>
            ) : null}
            <div>
              <Button variant="outline" size="sm" onClick={() => void copy(summary.content)}>
                <Copy aria-hidden="true" />
                {t('marketingText.common.copy')}
              </Button>
            </div>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
