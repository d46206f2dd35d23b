import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Mail, MessageSquare, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LEAD_PRIORITIES,
  LEAD_STAGES,
  type TLead,
  type TLeadUpdate,
} from '#shared/schemas/pipeline.ts';
import { apiRequest, errorText } from '#web/lib/api.ts';
import { useAnalyticsFormat } from '../analytics/format.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { NativeSelect } from '../ui/native-select.tsx';
import { toast } from '../ui/use-toast.ts';

const PRIORITY_COLOURS: Record<string, string> = {
  low: 'bg-slate-100 text-slate-700',
  medium: 'bg-sky-100 text-sky-800',
  high: 'bg-amber-100 text-amber-800',
  urgent: 'bg-red-100 text-red-800',
};

/** One lead: who, how engaged, what they asked about; stage, priority and notes editable. */
export function LeadCard({
  lead,
  onAddTask,
  onFollowUp,
}: {
  lead: TLead;
  onAddTask: (lead: TLead) => void;
  onFollowUp: (lead: TLead) => void;
}) {
  const { t, i18n } = useTranslation();
  const format = useAnalyticsFormat();
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState(lead.notes ?? '');
  const update = useMutation({
    mutationFn: (edit: TLeadUpdate) =>
      apiRequest<TLead>('PATCH', `/api/sales-pipeline/leads/${lead.visitorSessionId}`, edit),
    onSuccess: () => {
      toast({ title: t('pipeline.lead.saved') });
      void queryClient.invalidateQueries({ queryKey: ['pipeline'] });
    },
    onError: (error) =>
      toast({ title: errorText(error, t('errors.internal')), variant: 'destructive' }),
  });
  const when = new Date(lead.lastActivity).toLocaleString(i18n.language);
  const label = lead.name ?? t('pipeline.lead.anonymous');
  return (
    <Card className="grid min-w-0 grid-cols-1 gap-3 p-4" data-testid="lead-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 max-w-full">
          <h3 className="truncate font-semibold text-slate-900">{label}</h3>
          <p className="truncate text-sm text-slate-600">
            {[lead.jobTitle, lead.company].filter(Boolean).join(' · ') || lead.cardName}
          </p>
          <p className="truncate text-sm text-slate-600">
            {[lead.email, lead.phone].filter(Boolean).join(' · ')}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span className={`rounded-full px-2 py-1 font-medium ${PRIORITY_COLOURS[lead.priority]}`}>
            {t(`pipeline.priorities.${lead.priority}`)}
          </span>
          <span className="rounded-full bg-brand-50 px-2 py-1 font-medium text-brand-800">
            {t('pipeline.lead.score', { score: lead.totalScore })}
          </span>
          {lead.source === 'paper' ? (
            <span className="rounded-full bg-emerald-50 px-2 py-1 text-emerald-800">
              {t('pipeline.lead.paper')}
            </span>
          ) : null}
        </div>
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        <span>{t('pipeline.lead.messages', { count: lead.messageCount })}</span>
        <span>{t('pipeline.lead.engagement', { score: lead.engagementScore })}</span>
        <span>{t('pipeline.lead.intent', { score: lead.intentScore })}</span>
        {lead.deviceType ? (
          <span>{t(`analytics.device.${lead.deviceType}`, { defaultValue: lead.deviceType })}</span>
        ) : null}
        {lead.country ? <span>{format.country(lead.country)}</span> : null}
        <span>{t('pipeline.lead.lastActivity', { time: when })}</span>
      </p>
      {lead.buyingSignals.length > 0 ? (
        <div className="flex flex-wrap gap-1">
          {lead.buyingSignals.map((signal) => (
            <span key={signal} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
              {t(`pipeline.signals.${signal}`)}
            </span>
          ))}
        </div>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2">
        <label className="grid gap-1 text-xs text-slate-600">
          {t('pipeline.filters.stage')}
          {lead.stageManual ? ` (${t('pipeline.lead.manual')})` : ''}
          <NativeSelect
            aria-label={t('pipeline.filters.stage')}
            value={lead.stage}
            onChange={(event) => update.mutate({ stage: event.target.value as TLead['stage'] })}
          >
            {LEAD_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {t(`pipeline.stages.${stage}`)}
              </option>
            ))}
          </NativeSelect>
        </label>
        <label className="grid gap-1 text-xs text-slate-600">
          {t('pipeline.filters.priority')}
          {lead.priorityManual ? ` (${t('pipeline.lead.manual')})` : ''}
          <NativeSelect
            aria-label={t('pipeline.filters.priority')}
            value={lead.priority}
            onChange={(event) =>
              update.mutate({ priority: event.target.value as TLead['priority'] })
            }
          >
            {LEAD_PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {t(`pipeline.priorities.${priority}`)}
              </option>
            ))}
          </NativeSelect>
        </label>
      </div>
      <label className="grid gap-1 text-xs text-slate-600">
        {t('pipeline.lead.notes')}
        <textarea
          className="min-h-16 rounded-lg border border-slate-300 p-2 text-sm text-slate-900"
          value={notes}
          maxLength={2000}
          onChange={(event) => setNotes(event.target.value)}
        />
      </label>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={update.isPending || notes === (lead.notes ?? '')}
          onClick={() => update.mutate({ notes })}
        >
          {t('pipeline.lead.saveNotes')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onAddTask(lead)}>
          <Plus /> {t('pipeline.lead.addTask')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onFollowUp(lead)}>
          <Mail /> {t('pipeline.lead.followUp')}
        </Button>
        {lead.source !== 'paper' ? (
          <Button size="sm" variant="ghost" asChild>
            <a href={`/conversations/${lead.visitorSessionId}`} target="_blank" rel="noreferrer">
              <MessageSquare /> {t('pipeline.lead.viewConversation')}
            </a>
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
