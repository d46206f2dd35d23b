import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TASK_TYPES,
  type TFollowUpDraft,
  type TLead,
  type TPaperCardFields,
  type TPipelineSettings,
  type TTask,
} from '#shared/schemas/pipeline.ts';
import { apiRequest, errorText } from '#web/lib/api.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Input } from '../ui/input.tsx';
import { NativeSelect } from '../ui/native-select.tsx';
import { toast } from '../ui/use-toast.ts';
import { usePipelineAnalytics, usePipelineSettings, useTasks, useWebhook } from './pipeline-api.ts';

function useFail() {
  const { t } = useTranslation();
  return (error: unknown) =>
    toast({ title: errorText(error, t('errors.internal')), variant: 'destructive' });
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <label className="grid gap-1 text-sm text-slate-700">
      {label}
      {children}
    </label>
  );
}

/** The new-task form for one lead. */
export function TaskForm({ lead, onDone }: { lead: TLead; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fail = useFail();
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const [form, setForm] = useState({
    title: '',
    taskType: 'follow_up',
    dueDate: tomorrow,
    description: '',
  });
  const create = useMutation({
    mutationFn: () =>
      apiRequest<TTask>('POST', '/api/sales-pipeline/tasks', {
        visitorSessionId: lead.visitorSessionId,
        ...form,
      }),
    onSuccess: () => {
      toast({ title: t('pipeline.tasks.created') });
      void queryClient.invalidateQueries({ queryKey: ['pipeline', 'tasks'] });
      onDone();
    },
    onError: fail,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <Card className="grid grid-cols-1 gap-3 p-4" data-testid="task-form">
      <h3 className="font-semibold">
        {t('pipeline.tasks.new')} · {lead.name ?? t('pipeline.lead.anonymous')}
      </h3>
      <form className="grid grid-cols-1 gap-3 sm:grid-cols-2" onSubmit={submit}>
        <Field label={t('pipeline.tasks.title')}>
          <Input
            required
            maxLength={200}
            value={form.title}
            onChange={(e) => setForm({ ...form, title: e.target.value })}
          />
        </Field>
        <Field label={t('pipeline.tasks.type')}>
          <NativeSelect
            value={form.taskType}
            onChange={(e) => setForm({ ...form, taskType: e.target.value })}
          >
            {TASK_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`pipeline.tasks.types.${type}`)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label={t('pipeline.tasks.dueDate')}>
          <Input
            type="date"
            required
            value={form.dueDate}
            onChange={(e) => setForm({ ...form, dueDate: e.target.value })}
          />
        </Field>
        <Field label={t('pipeline.tasks.description')}>
          <Input
            maxLength={2000}
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
        </Field>
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" disabled={create.isPending}>
            {t('pipeline.tasks.create')}
          </Button>
          <Button type="button" variant="ghost" onClick={onDone}>
            {t('pipeline.followUpDialog.cancel')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The drafted follow-up email; sent only when the owner presses send. */
export function FollowUpForm({ lead, onDone }: { lead: TLead; onDone: () => void }) {
  const { t } = useTranslation();
  const fail = useFail();
  const [draft, setDraft] = useState<TFollowUpDraft | null>(null);
  useEffect(() => {
    apiRequest<TFollowUpDraft>(
      'GET',
      `/api/sales-pipeline/leads/${lead.visitorSessionId}/follow-up`,
    )
      .then(setDraft)
      .catch(fail);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lead.visitorSessionId]);
  const send = useMutation({
    mutationFn: () =>
      apiRequest('POST', `/api/sales-pipeline/leads/${lead.visitorSessionId}/follow-up`, {
        subject: draft?.subject,
        body: draft?.body,
      }),
    onSuccess: () => {
      toast({ title: t('pipeline.followUpDialog.sent') });
      onDone();
    },
    onError: fail,
  });
  if (!draft) return null;
  return (
    <Card className="grid grid-cols-1 gap-3 p-4" data-testid="follow-up-form">
      <h3 className="font-semibold">{t('pipeline.followUpDialog.title')}</h3>
      <p className="text-sm text-slate-600">{t('pipeline.followUpDialog.exactly')}</p>
      {/* The headers the buyer will see, as the server will send them. */}
      <ul className="grid gap-1 text-sm text-slate-700" data-testid="follow-up-headers">
        {draft.senderName ? (
          <li>{t('pipeline.followUpDialog.from', { name: draft.senderName })}</li>
        ) : null}
        <li>
          {draft.to
            ? t('pipeline.followUpDialog.to', { email: draft.to })
            : t('pipeline.followUpDialog.noEmail')}
        </li>
        {draft.replyTo ? (
          <li>{t('pipeline.followUpDialog.replyTo', { email: draft.replyTo })}</li>
        ) : null}
        <li>
          {t('pipeline.followUpDialog.language', {
            language: t(`questions.language.${draft.language}`),
          })}
        </li>
      </ul>
      <Field label={t('pipeline.followUpDialog.subject')}>
        <Input
          value={draft.subject}
          onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
        />
      </Field>
      <Field label={t('pipeline.followUpDialog.body')}>
        <textarea
          className="min-h-96 rounded-lg border border-slate-300 p-2 text-sm"
          value={draft.body}
          onChange={(e) => setDraft({ ...draft, body: e.target.value })}
        />
      </Field>
      <div className="flex gap-2">
        <Button disabled={!draft.to || send.isPending} onClick={() => send.mutate()}>
          {t('pipeline.followUpDialog.send')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('pipeline.followUpDialog.cancel')}
        </Button>
      </div>
    </Card>
  );
}

export function TasksPanel() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const fail = useFail();
  const tasks = useTasks();
  const toggle = useMutation({
    mutationFn: (task: TTask) =>
      apiRequest('PATCH', `/api/sales-pipeline/tasks/${task.id}`, {
        status: task.status === 'pending' ? 'completed' : 'pending',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['pipeline', 'tasks'] }),
    onError: fail,
  });
  if (!tasks.data) return null;
  if (tasks.data.length === 0) return <p className="text-slate-600">{t('pipeline.tasks.empty')}</p>;
  return (
    <div className="grid gap-3">
      {tasks.data.map((task) => (
        <Card key={task.id} className="grid grid-cols-1 gap-2 p-4" data-testid="task">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <h3
                className={`font-semibold ${task.status === 'completed' ? 'line-through text-slate-500' : ''}`}
              >
                {task.title}
              </h3>
              <p className="text-xs text-slate-600">
                {t(`pipeline.tasks.types.${task.taskType}`, task.taskType)} ·{' '}
                {task.leadName ?? t('pipeline.lead.anonymous')}
                {task.dueDate
                  ? ` · ${t('pipeline.tasks.due', { date: new Date(task.dueDate).toLocaleDateString(i18n.language) })}`
                  : ''}
              </p>
            </div>
            <Button size="sm" variant="secondary" onClick={() => toggle.mutate(task)}>
              {task.status === 'pending'
                ? t('pipeline.tasks.markDone')
                : t('pipeline.tasks.reopen')}
            </Button>
          </div>
          {task.suggestedMessage ? (
            <details className="text-sm">
              <summary className="cursor-pointer text-slate-700">
                {t('pipeline.tasks.suggested')}
              </summary>
              <pre className="mt-2 whitespace-pre-wrap rounded bg-slate-50 p-2 font-sans text-slate-800">
                {task.suggestedMessage}
              </pre>
            </details>
          ) : null}
        </Card>
      ))}
    </div>
  );
}

export function AnalyticsPanel() {
  const { t } = useTranslation();
  const analytics = usePipelineAnalytics();
  if (!analytics.data) return null;
  const { funnel } = analytics.data;
  const steps = [
    ['visitors', funnel.visitors],
    ['leads', funnel.leads],
    ['qualified', funnel.qualified],
    ['converted', funnel.converted],
  ] as const;
  const max = Math.max(1, funnel.visitors);
  return (
    <Card className="grid grid-cols-1 gap-4 p-4" data-testid="funnel">
      <h2 className="font-semibold">{t('pipeline.analytics.funnel')}</h2>
      {steps.map(([key, value], index) => {
        const previous = index > 0 ? steps[index - 1]![1] : null;
        return (
          <div key={key} className="grid gap-1" data-testid={`funnel-${key}`}>
            <div className="flex justify-between text-sm">
              <span>{t(`pipeline.analytics.${key}`)}</span>
              <span className="font-semibold">{value}</span>
            </div>
            <div className="h-3 rounded bg-slate-100">
              <div
                className="h-3 rounded bg-brand-600"
                style={{ width: `${(value / max) * 100}%` }}
              />
            </div>
            {previous ? (
              <span className="text-xs text-slate-500">
                {t('pipeline.analytics.ofPrevious', { rate: Math.round((value / previous) * 100) })}
              </span>
            ) : null}
          </div>
        );
      })}
      <p className="text-sm text-slate-600">
        {t('pipeline.analytics.averageEngagement', {
          score: analytics.data.averageEngagementScore,
        })}
      </p>
    </Card>
  );
}

export function SettingsPanel() {
  const { t } = useTranslation();
  const fail = useFail();
  const queryClient = useQueryClient();
  const settings = usePipelineSettings();
  const webhook = useWebhook();
  const [form, setForm] = useState<TPipelineSettings | null>(null);
  const [hook, setHook] = useState({ url: '', secret: '' });
  useEffect(() => {
    if (settings.data && !form) setForm(settings.data);
  }, [settings.data, form]);
  useEffect(() => {
    if (webhook.data?.url) setHook((h) => ({ ...h, url: webhook.data.url ?? '' }));
  }, [webhook.data]);
  const save = useMutation({
    mutationFn: () => apiRequest('PUT', '/api/sales-pipeline/settings', form),
    onSuccess: () => {
      toast({ title: t('pipeline.settings.saved') });
      void queryClient.invalidateQueries({ queryKey: ['pipeline'] });
    },
    onError: fail,
  });
  const saveHook = useMutation({
    mutationFn: () => apiRequest('PUT', '/api/integrations/webhook', hook),
    onSuccess: () => {
      toast({ title: t('pipeline.settings.webhookSaved') });
      setHook((h) => ({ ...h, secret: '' }));
      void queryClient.invalidateQueries({ queryKey: ['pipeline', 'webhook'] });
    },
    onError: fail,
  });
  if (!form) return null;
  return (
    <div className="grid gap-4">
      <Card className="grid grid-cols-1 gap-3 p-4">
        <h2 className="font-semibold">{t('pipeline.settings.rules')}</h2>
        <Field label={t('pipeline.settings.highPriorityAfter')}>
          <Input
            type="number"
            min={1}
            max={1000}
            value={form.highPriorityAfterMessages}
            onChange={(e) =>
              setForm({ ...form, highPriorityAfterMessages: Number(e.target.value) })
            }
          />
        </Field>
        <Field label={t('pipeline.settings.idleDays')}>
          <Input
            type="number"
            min={1}
            max={365}
            value={form.idleDaysLowerPriority}
            onChange={(e) => setForm({ ...form, idleDaysLowerPriority: Number(e.target.value) })}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={form.autoFollowUpEmail}
            onChange={(e) => setForm({ ...form, autoFollowUpEmail: e.target.checked })}
          />
          {t('pipeline.settings.autoFollowUp')}
        </label>
        <div>
          <Button disabled={save.isPending} onClick={() => save.mutate()}>
            {t('pipeline.settings.save')}
          </Button>
        </div>
      </Card>
      <Card className="grid grid-cols-1 gap-3 p-4">
        <h2 className="font-semibold">{t('pipeline.settings.webhook')}</h2>
        <p className="text-sm text-slate-600">{t('pipeline.settings.webhookHelp')}</p>
        <Field label={t('pipeline.settings.webhookUrl')}>
          <Input
            type="url"
            value={hook.url}
            placeholder="https://crm.example.com/hooks/docucard"
            onChange={(e) => setHook({ ...hook, url: e.target.value })}
          />
        </Field>
        <Field label={t('pipeline.settings.webhookSecret')}>
          <Input
            type="password"
            value={hook.secret}
            autoComplete="new-password"
            onChange={(e) => setHook({ ...hook, secret: e.target.value })}
          />
        </Field>
        {webhook.data?.secretHint ? (
          <p className="text-xs text-slate-500">
            {t('pipeline.settings.webhookCurrent', { hint: webhook.data.secretHint })}
          </p>
        ) : null}
        <div>
          <Button disabled={saveHook.isPending} onClick={() => saveHook.mutate()}>
            {t('pipeline.settings.webhookSave')}
          </Button>
        </div>
      </Card>
    </div>
  );
}

const EMPTY_FIELDS: TPaperCardFields = {
  name: '',
  company: '',
  email: '',
  phone: '',
  jobTitle: '',
  website: '',
  address: '',
};

/** Scan a paper card: photo → OCR → fields the owner checks → a lead with source "paper". */
export function ScanPanel({ cards }: { cards: Array<{ id: number; label: string }> }) {
  const { t } = useTranslation();
  const fail = useFail();
  const queryClient = useQueryClient();
  const [cardId, setCardId] = useState<number | null>(cards[0]?.id ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [fields, setFields] = useState<TPaperCardFields & { notes: string }>({
    ...EMPTY_FIELDS,
    notes: '',
  });
  const [read, setRead] = useState(false);
  useEffect(() => {
    if (cardId === null && cards[0]) setCardId(cards[0].id);
  }, [cards, cardId]);
  const scan = useMutation({
    mutationFn: () => {
      const form = new FormData();
      if (cardId) form.append('businessCardId', String(cardId));
      form.append('image', file!);
      return apiRequest<TPaperCardFields>('POST', '/api/sales-pipeline/leads/from-photo', form);
    },
    onSuccess: (parsed) => {
      setFields({ ...EMPTY_FIELDS, ...parsed, notes: '' });
      setRead(true);
    },
    onError: fail,
  });
  const save = useMutation({
    mutationFn: () =>
      apiRequest('POST', '/api/sales-pipeline/leads', { businessCardId: cardId, ...fields }),
    onSuccess: () => {
      toast({ title: t('pipeline.scan.saved') });
      setFields({ ...EMPTY_FIELDS, notes: '' });
      setRead(false);
      void queryClient.invalidateQueries({ queryKey: ['pipeline'] });
    },
    onError: fail,
  });
  if (cards.length === 0) return <p className="text-slate-600">{t('pipeline.scan.noCards')}</p>;
  const keys = [
    'name',
    'company',
    'jobTitle',
    'email',
    'phone',
    'website',
    'address',
    'notes',
  ] as const;
  return (
    <Card className="grid grid-cols-1 gap-4 p-4" data-testid="scan-form">
      <p className="text-sm text-slate-600">{t('pipeline.scan.help')}</p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label={t('pipeline.scan.card')}>
          <NativeSelect value={cardId ?? ''} onChange={(e) => setCardId(Number(e.target.value))}>
            {cards.map((card) => (
              <option key={card.id} value={card.id}>
                {card.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label={t('pipeline.scan.photo')}>
          <Input
            type="file"
            accept="image/jpeg,image/png"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Field>
      </div>
      <div>
        <Button
          variant="secondary"
          disabled={!file || scan.isPending}
          onClick={() => scan.mutate()}
        >
          {scan.isPending ? t('pipeline.scan.reading') : t('pipeline.scan.read')}
        </Button>
      </div>
      {read ? <p className="text-sm text-slate-700">{t('pipeline.scan.check')}</p> : null}
      <form
        className="grid grid-cols-1 gap-3 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        {keys.map((key) => (
          <Field key={key} label={t(`pipeline.scan.${key}`)}>
            <Input
              name={key}
              value={fields[key]}
              onChange={(e) => setFields({ ...fields, [key]: e.target.value })}
            />
          </Field>
        ))}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={save.isPending || !fields.name}>
            {t('pipeline.scan.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
