import { Download, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '#shared/limits.ts';
import { LEAD_PRIORITIES, LEAD_STAGES, type TLead } from '#shared/schemas/pipeline.ts';
import { PageContainer, PageHeader } from '#web/components/layout/app-layout.tsx';
import { LeadCard } from '#web/components/pipeline/lead-card.tsx';
import {
  AnalyticsPanel,
  FollowUpForm,
  ScanPanel,
  SettingsPanel,
  TaskForm,
  TasksPanel,
} from '#web/components/pipeline/panels.tsx';
import { filterQuery, PAGE_SIZE, useLeads } from '#web/components/pipeline/pipeline-api.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { useCards } from '#web/lib/cards/queries.ts';
import { useCurrentUser } from '#web/lib/session.ts';
import { useRememberTimeZone } from '#web/lib/time-zone.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { BackLink } from '#web/components/layout/back-link.tsx';

/** /sales-pipeline: leads from visitor conversations and paper cards, tasks, funnel, rules. */
export default function SalesPipelinePage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('pipeline.title'));
  // Exports show times in the owner's zone: the browser's until they choose one.
  useRememberTimeZone(useCurrentUser().user);
  const [stage, setStage] = useState('');
  const [priority, setPriority] = useState('');
  const [offset, setOffset] = useState(0);
  const [taskFor, setTaskFor] = useState<TLead | null>(null);
  const [followUpFor, setFollowUpFor] = useState<TLead | null>(null);
  const leads = useLeads({ stage, priority, offset });
  const cards = useCards();
  const cardOptions = (cards.data ?? []).map((card) => ({
    id: card.id,
    label: card.companyName || `#${card.id}`,
  }));
  // A download link sends no X-Language header: the export's words follow the interface.
  const exportQuery = filterQuery({
    stage,
    priority,
    ...(isLanguage(i18n.language) ? { lang: i18n.language } : {}),
  });

  return (
    <PageContainer width="wide">
      <BackLink label={t('pipeline.back')} />
      <PageHeader title={t('pipeline.title')} description={t('pipeline.subtitle')} />
      <Tabs defaultValue="leads" className="grid grid-cols-1 gap-4">
        <TabsList className="h-auto flex-wrap justify-start">
          <TabsTrigger value="leads">{t('pipeline.tabs.leads')}</TabsTrigger>
          <TabsTrigger value="tasks">{t('pipeline.tabs.tasks')}</TabsTrigger>
          <TabsTrigger value="analytics">{t('pipeline.tabs.analytics')}</TabsTrigger>
          <TabsTrigger value="scan">{t('pipeline.tabs.scan')}</TabsTrigger>
          <TabsTrigger value="settings">{t('pipeline.tabs.settings')}</TabsTrigger>
        </TabsList>
        <TabsContent value="leads" className="grid grid-cols-1 gap-4">
          <div className="flex flex-wrap items-end gap-3">
            <label className="grid gap-1 text-sm text-slate-700">
              {t('pipeline.filters.stage')}
              <NativeSelect
                aria-label={t('pipeline.filters.stage')}
                value={stage}
                onChange={(e) => {
                  setStage(e.target.value);
                  setOffset(0);
                }}
              >
                <option value="">{t('pipeline.filters.all')}</option>
                {LEAD_STAGES.map((s) => (
                  <option key={s} value={s}>
                    {t(`pipeline.stages.${s}`)}
                  </option>
                ))}
              </NativeSelect>
            </label>
            <label className="grid gap-1 text-sm text-slate-700">
              {t('pipeline.filters.priority')}
              <NativeSelect
                aria-label={t('pipeline.filters.priority')}
                value={priority}
                onChange={(e) => {
                  setPriority(e.target.value);
                  setOffset(0);
                }}
              >
                <option value="">{t('pipeline.filters.all')}</option>
                {LEAD_PRIORITIES.map((p) => (
                  <option key={p} value={p}>
                    {t(`pipeline.priorities.${p}`)}
                  </option>
                ))}
              </NativeSelect>
            </label>
            <div className="ml-auto flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" asChild>
                <a href={`/api/sales-pipeline/leads.csv${exportQuery}`} download>
                  <Download /> {t('pipeline.list.exportCsv')}
                </a>
              </Button>
              <Button variant="secondary" size="sm" asChild>
                <a href={`/api/sales-pipeline/leads.xlsx${exportQuery}`} download>
                  <Download /> {t('pipeline.list.exportXlsx')}
                </a>
              </Button>
            </div>
          </div>
          {taskFor ? <TaskForm lead={taskFor} onDone={() => setTaskFor(null)} /> : null}
          {followUpFor ? (
            <FollowUpForm lead={followUpFor} onDone={() => setFollowUpFor(null)} />
          ) : null}
          {leads.isPending ? <Loading /> : null}
          {leads.isError ? (
            <Alert variant="destructive">{t('pipeline.list.loadFailed')}</Alert>
          ) : null}
          {leads.data ? (
            <>
              {/* The list's heading: the lead cards below are its h3s. */}
              <h2 className="text-sm font-normal text-slate-600">
                {t('pipeline.list.total', { count: leads.data.total })}
              </h2>
              {leads.data.leads.length === 0 ? (
                <EmptyState
                  icon={Users}
                  title={t('pipeline.tabs.leads')}
                  text={t('pipeline.list.empty')}
                  action={null}
                />
              ) : (
                <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
                  {leads.data.leads.map((lead) => (
                    <LeadCard
                      key={`${lead.visitorSessionId}-${lead.stage}-${lead.priority}`}
                      lead={lead}
                      onAddTask={setTaskFor}
                      onFollowUp={setFollowUpFor}
                    />
                  ))}
                </div>
              )}
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
                >
                  {t('pipeline.list.previous')}
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={offset + PAGE_SIZE >= leads.data.total}
                  onClick={() => setOffset(offset + PAGE_SIZE)}
                >
                  {t('pipeline.list.next')}
                </Button>
              </div>
            </>
          ) : null}
        </TabsContent>
        <TabsContent value="tasks">
          <TasksPanel />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsPanel />
        </TabsContent>
        <TabsContent value="scan">
          <ScanPanel cards={cardOptions} />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsPanel />
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}
