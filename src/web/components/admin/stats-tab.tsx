import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TAdminProvider, TAdminStats, TJobTypeStats } from '#shared/admin.ts';
import { apiRequest, errorText } from '#web/lib/api.ts';
import { Button } from '../ui/button.tsx';
import { Loading } from '../ui/spinner.tsx';
import { ADMIN_STATS_KEY } from './queries.ts';

type CountKey = Exclude<
  keyof TAdminStats,
  'providerConfigured' | 'generatedAt' | 'storedBytes' | 'jobQueue' | 'providers'
>;

const COUNTS: CountKey[] = [
  'users',
  'disabledUsers',
  'cards',
  'finishedCards',
  'documents',
  'visitorSessionsToday',
  'documentsWaiting',
  'documentsFailed',
  'jobsWaiting',
  'jobsFailed',
];

/** Failures are worth a look: those tiles turn red when not zero. */
const ALERTING = new Set<CountKey>(['documentsFailed', 'jobsFailed']);

function formatBytes(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${value.toLocaleString(language, { maximumFractionDigits: digits })} ${units[unit]}`;
}

export function StatsTab() {
  const { t, i18n } = useTranslation();
  const stats = useQuery({
    queryKey: ADMIN_STATS_KEY,
    queryFn: () => apiRequest<TAdminStats>('GET', '/api/admin/stats'),
  });
  if (stats.isPending) return <Loading />;
  if (stats.isError) {
    return (
      <p className="text-red-700" role="alert">
        {errorText(stats.error, t('admin.loadFailed'))}
      </p>
    );
  }
  const data = stats.data;
  return (
    <section className="grid gap-4" aria-label={t('admin.tabs.stats')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          {t('admin.stats.asOf', {
            time: new Date(data.generatedAt).toLocaleString(i18n.language),
          })}
        </p>
        <Button variant="outline" size="sm" onClick={() => void stats.refetch()}>
          <RefreshCw aria-hidden="true" />
          {t('admin.stats.refresh')}
        </Button>
      </div>
      <dl
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
        data-testid="admin-stats"
      >
        {COUNTS.map((key) => (
          <Tile
            key={key}
            label={t(`admin.stats.${key}`)}
            value={data[key].toLocaleString(i18n.language)}
            alert={ALERTING.has(key) && data[key] > 0}
            testId={`admin-stat-${key}`}
          />
        ))}
        <Tile
          label={t('admin.stats.storedBytes')}
          value={formatBytes(data.storedBytes, i18n.language)}
          testId="admin-stat-storedBytes"
        />
        <Tile
          label={t('admin.stats.provider')}
          value={
            data.providerConfigured ? t('admin.stats.providerYes') : t('admin.stats.providerNo')
          }
          small
          testId="admin-stat-provider"
        />
      </dl>
      <ProvidersTable rows={data.providers} />
      <JobQueueTable rows={data.jobQueue} language={i18n.language} />
    </section>
  );
}

/**
 * The AI models cards can choose, and what turns each on: the environment variables are named
 * here, for whoever runs the server (owners are told to ask their administrator).
 */
function ProvidersTable({ rows }: { rows: TAdminProvider[] }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-sm" data-testid="admin-providers">
        <caption className="p-4 text-left">
          <span className="block font-semibold text-slate-900">
            {t('admin.stats.providers.title')}
          </span>
          <span className="mt-1 block font-normal text-slate-600">
            {t('admin.stats.providers.text')}
          </span>
        </caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-2 text-left font-medium">
              {t('admin.stats.providers.model')}
            </th>
            <th scope="col" className="px-4 py-2 text-left font-medium">
              {t('admin.stats.providers.status')}
            </th>
            <th scope="col" className="px-4 py-2 text-left font-medium">
              {t('admin.stats.providers.howTo')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              className="border-t border-slate-100 align-top"
              data-testid={`admin-provider-${row.id}`}
              data-ready={row.ready}
            >
              <th scope="row" className="px-4 py-2 text-left font-normal text-slate-900">
                {t(`modelSelection.models.${row.id}.name`)}
              </th>
              <td className={`px-4 py-2 ${row.ready ? 'text-emerald-800' : 'text-amber-800'}`}>
                {row.ready
                  ? t('admin.stats.providers.ready', { model: row.model })
                  : t('admin.stats.providers.notReady')}
              </td>
              <td className="px-4 py-2 text-slate-700">
                <p>
                  {t('admin.stats.providers.set')} <code className="font-mono">{row.setting}</code>
                </p>
                <p className="text-xs text-slate-600">
                  {t('admin.stats.providers.optional')}{' '}
                  {row.optional.map((name, index) => (
                    <span key={name}>
                      {index > 0 ? ', ' : null}
                      <code className="font-mono">{name}</code>
                    </span>
                  ))}
                </p>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Job types with a name in the locale files; any other shows its own name. */
const JOB_TYPE_KEYS: Record<string, string> = {
  'document.process': 'document',
  'mail.send': 'mail',
  'pipeline.webhook': 'webhook',
  'pipeline.derive': 'scoring',
  'campaigns.send': 'campaign',
};
const JOB_COLUMNS = ['queued', 'retrying', 'running', 'failed', 'done', 'attempts'] as const;

function JobQueueTable({ rows, language }: { rows: TJobTypeStats[]; language: string }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-sm" data-testid="admin-job-queue">
        <caption className="p-4 text-left font-semibold text-slate-900">
          {t('admin.stats.queue.title')}
        </caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-2 text-left font-medium">
              {t('admin.stats.queue.type')}
            </th>
            {JOB_COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-4 py-2 text-right font-medium">
                {t(`admin.stats.queue.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={JOB_COLUMNS.length + 1} className="px-4 py-3 text-slate-600">
                {t('admin.stats.queue.empty')}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const key = JOB_TYPE_KEYS[row.type];
              return (
                <tr key={row.type} className="border-t border-slate-100">
                  <th scope="row" className="px-4 py-2 text-left font-normal text-slate-900">
                    {key ? t(`admin.stats.queue.types.${key}`) : row.type}
                  </th>
                  {JOB_COLUMNS.map((column) => (
                    <td
                      key={column}
                      className={`px-4 py-2 text-right tabular-nums ${column === 'failed' && row.failed > 0 ? 'font-semibold text-red-800' : 'text-slate-900'}`}
                    >
                      {row[column].toLocaleString(language)}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

function Tile({
  label,
  value,
  alert = false,
  small = false,
  testId,
}: {
  label: string;
  value: string;
  alert?: boolean;
  small?: boolean;
  testId: string;
}) {
  return (
    <div
      className={`rounded-xl border p-4 ${alert ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-white'}`}
      data-testid={testId}
    >
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd
        className={`mt-1 font-semibold tabular-nums ${small ? 'text-base' : 'text-2xl'} ${alert ? 'text-red-800' : 'text-slate-900'}`}
      >
        {value}
      </dd>
    </div>
  );
}
