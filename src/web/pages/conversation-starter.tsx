import { useMutation } from '@tanstack/react-query';
import { Lightbulb, MessagesSquare, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_CUSTOM_CONTEXT,
  SCENARIOS,
  STARTER_TONES,
  type Scenario,
  type StarterTone,
  type TStarter,
} from '#shared/marketing/starters.ts';
import {
  INTRO_LANGUAGES,
  type IntroLanguage,
  type TCompanySummary,
} from '#shared/marketing/summary.ts';
import { LANGUAGE_NATIVE_NAMES } from '#shared/marketing/social.ts';
import { currentLanguage } from '#web/i18n/index.ts';
import { PageContainer, PageHeader } from '#web/components/layout/app-layout.tsx';
import {
  companySummaries,
  conversationStarters,
  needsProvider,
} from '#web/components/marketing/social-api.ts';
import { CardPicker } from '#web/components/marketing/social-card-picker.tsx';
import { ProviderNotice } from '#web/components/marketing/social-provider-notice.tsx';
import { StarterList, SummaryList } from '#web/components/marketing/starter-list.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorText } from '#web/lib/api.ts';
import { useAuthExpiredHandler } from '#web/lib/cards/queries.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { BackLink } from '#web/components/layout/back-link.tsx';

const TIP_KEYS = ['listen', 'facts', 'followUp', 'card'] as const;

/**
 * /conversation-starter: openers for a networking scenario in the five categories, scored,
 * and company introductions in twelve languages (zh-CN and English without a model).
 */
export default function ConversationStarterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('marketingText.starters.title'));
  const handleAuthExpired = useAuthExpiredHandler();
  const [cardId, setCardId] = useState<number | null>(null);
  const [scenario, setScenario] = useState<Scenario | ''>('');
  const [tone, setTone] = useState<StarterTone>('professional');
  const [customContext, setCustomContext] = useState('');
  const [role, setRole] = useState('');
  const [interests, setInterests] = useState('');
  const [includeSummary, setIncludeSummary] = useState(true);
  const [language, setLanguage] = useState<IntroLanguage>(
    currentLanguage() === 'en' ? 'en' : 'zh-CN',
  );
  const [starters, setStarters] = useState<TStarter[] | null>(null);
  const [summaries, setSummaries] = useState<TCompanySummary[] | null>(null);
  const [providerMessage, setProviderMessage] = useState<string | null>(null);

  const onFailure = (title: string) => (error: unknown) => {
    if (handleAuthExpired(error)) return;
    if (needsProvider(error)) {
      setProviderMessage(errorText(error, t('marketingText.provider.title')));
      return;
    }
    toast({
      title,
      description: errorText(error, t('marketingText.common.tryAgain')),
      variant: 'destructive',
    });
  };

  const generate = useMutation({
    mutationFn: () =>
      conversationStarters({
        scenario: scenario as Scenario,
        tone,
        customContext,
        includeCompanySummary: includeSummary,
        language,
        ...(cardId !== null ? { businessCardId: cardId } : {}),
        userProfile: { role, interests },
      }),
    onSuccess: (data) => {
      setStarters(data.starters);
      setProviderMessage(null);
    },
    onError: onFailure(t('marketingText.starters.failed')),
  });

  const introduce = useMutation({
    mutationFn: () => {
      if (cardId === null) throw new Error('no card');
      return companySummaries({
        businessCardId: cardId,
        language,
        summaryType: 'networking_intro',
      });
    },
    onSuccess: (data) => {
      setSummaries(data.summaries);
      setProviderMessage(null);
    },
    onError: onFailure(t('marketingText.starters.introFailed')),
  });

  const onIntroduce = () => {
    if (cardId === null) {
      toast({ title: t('marketingText.starters.chooseCardFirst'), variant: 'destructive' });
      return;
    }
    introduce.mutate();
  };

  return (
    <PageContainer width="wide">
      <BackLink label={t('marketingText.common.back')} />
      <PageHeader
        title={t('marketingText.starters.title')}
        description={t('marketingText.starters.subtitle')}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <Card>
            <CardContent className="grid gap-4 p-4 sm:p-6">
              <CardPicker value={cardId} onChange={setCardId} />
              <FormField label={t('marketingText.starters.scenario')}>
                <NativeSelect
                  value={scenario}
                  onChange={(event) => setScenario(event.target.value as Scenario | '')}
                  data-testid="scenario"
                >
                  <option value="">{t('marketingText.starters.chooseScenario')}</option>
                  {SCENARIOS.map((item) => (
                    <option key={item} value={item}>
                      {t(`marketingText.scenarios.${item}`)}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField label={t('marketingText.starters.tone')}>
                <NativeSelect
                  value={tone}
                  onChange={(event) => setTone(event.target.value as StarterTone)}
                >
                  {STARTER_TONES.map((item) => (
                    <option key={item} value={item}>
                      {t(`marketingText.tones.${item}`)}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField
                label={t('marketingText.starters.customContext')}
                optional
                hint={`${[...customContext].length}/${MAX_CUSTOM_CONTEXT}`}
              >
                <textarea
                  value={customContext}
                  rows={3}
                  onChange={(event) =>
                    setCustomContext([...event.target.value].slice(0, MAX_CUSTOM_CONTEXT).join(''))
                  }
                  placeholder={t('marketingText.starters.customContextPlaceholder')}
                  className="w-full rounded-lg border border-slate-300 p-3 text-sm text-slate-900 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40"
                />
              </FormField>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label={t('marketingText.starters.role')} optional>
                  <Input value={role} maxLength={200} onChange={(e) => setRole(e.target.value)} />
                </FormField>
                <FormField label={t('marketingText.starters.interests')} optional>
                  <Input
                    value={interests}
                    maxLength={500}
                    onChange={(e) => setInterests(e.target.value)}
                  />
                </FormField>
              </div>
              <FormField label={t('marketingText.starters.language')}>
                <NativeSelect
                  value={language}
                  onChange={(event) => setLanguage(event.target.value as IntroLanguage)}
                >
                  {INTRO_LANGUAGES.map((item) => (
                    <option key={item} value={item} lang={item}>
                      {LANGUAGE_NATIVE_NAMES[item]}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <label className="flex min-h-11 items-center gap-3 text-sm text-slate-900">
                <input
                  type="checkbox"
                  role="switch"
                  className="size-5 accent-brand-600"
                  checked={includeSummary}
                  onChange={(event) => setIncludeSummary(event.target.checked)}
                />
                {t('marketingText.starters.includeSummary')}
              </label>
              <div className="flex flex-wrap gap-2">
                <Button
                  onClick={() => generate.mutate()}
                  disabled={!scenario || generate.isPending}
                  data-testid="generate-starters"
                >
                  {generate.isPending ? (
                    <Spinner size="small" className="text-white" />
                  ) : (
                    <MessagesSquare aria-hidden="true" />
                  )}
                  {generate.isPending
                    ? t('marketingText.starters.generating')
                    : t('marketingText.starters.generate')}
                </Button>
                {includeSummary ? (
                  <Button variant="secondary" onClick={onIntroduce} disabled={introduce.isPending}>
                    {introduce.isPending ? (
                      <Spinner size="small" />
                    ) : (
                      <ScrollText aria-hidden="true" />
                    )}
                    {introduce.isPending
                      ? t('marketingText.starters.generating')
                      : t('marketingText.starters.generateIntro')}
                  </Button>
                ) : null}
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-base">
                <Lightbulb aria-hidden="true" className="size-5 text-amber-600" />
                {t('marketingText.starters.tipsTitle')}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid list-disc gap-1 pl-5 text-sm text-slate-700">
                {TIP_KEYS.map((key) => (
                  <li key={key}>{t(`marketingText.starters.tips.${key}`)}</li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>
        <section
          aria-labelledby="starter-results"
          className="grid min-w-0 grid-cols-1 content-start gap-4"
        >
          <h2 id="starter-results" className="text-lg font-semibold text-slate-900">
            {t('marketingText.starters.results')}
          </h2>
          {providerMessage ? <ProviderNotice message={providerMessage} cardId={cardId} /> : null}
          {summaries && includeSummary ? <SummaryList summaries={summaries} /> : null}
          {starters ? (
            <StarterList starters={starters} />
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">
              {t('marketingText.starters.empty')}
            </p>
          )}
        </section>
      </div>
    </PageContainer>
  );
}
