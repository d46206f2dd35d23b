import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAuditEntry, TAuditPage } from '#shared/admin.ts';
import { apiRequest, errorText } from '#web/lib/api.ts';
import { Loading } from '../ui/spinner.tsx';
import { Pager } from './pager.tsx';
import { adminAuditKey } from './queries.ts';

/** A short, readable line for the entry's details. */
function useDetails() {
  const { t } = useTranslation();
  return (entry: TAuditEntry): string => {
    const details = entry.details;
    if (entry.action === 'trade-fairs.replace') {
      return t('admin.audit.fairsChange', {
        added: Number(details.added ?? 0),
        updated: Number(details.updated ?? 0),
        removed: Number(details.removed ?? 0),
      });
    }
    if (entry.action === 'landing.replace') {
      return t('admin.audit.landingChange', {
        promises: Number(details.promises ?? 0),
        testimonials: Number(details.testimonials ?? 0),
      });
    }
    if (entry.action === 'landing.reset') return '';
    const who = [details.username, details.email].filter(Boolean).join(' · ');
    if (entry.action === 'user.role') {
      const role = (value: unknown) =>
        value === 'admin' ? t('admin.roleAdmin') : t('admin.roleUser');
      return `${who} (${t('admin.audit.roleChange', { from: role(details.from), to: role(details.to) })})`;
    }
    return who;
  };
}

export function AuditTab() {
  const { t, i18n } = useTranslation();
  const describe = useDetails();
  const [page, setPage] = useState(1);
  const audit = useQuery({
    queryKey: adminAuditKey(page),
    queryFn: () => apiRequest<TAuditPage>('GET', `/api/admin/audit?page=${page}`),
    placeholderData: (previous) => previous,
  });
  if (audit.isPending) return <Loading />;
  if (audit.isError) {
    return (
      <p className="text-red-700" role="alert">
        {errorText(audit.error, t('admin.loadFailed'))}
      </p>
    );
  }
  const { entries } = audit.data;
  return (
    <section className="grid gap-4" aria-labelledby="admin-audit-heading">
      <h2 id="admin-audit-heading" className="text-base font-semibold text-slate-900">
        {t('admin.audit.title')}
      </h2>
      {entries.length === 0 ? (
        <p className="text-slate-600">{t('admin.audit.empty')}</p>
      ) : (
        <ol
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
          data-testid="admin-audit"
        >
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="grid gap-1 p-4 sm:grid-cols-[12rem_1fr]"
              data-testid="admin-audit-entry"
            >
              <time className="text-sm text-slate-600 tabular-nums" dateTime={entry.createdAt}>
                {new Date(entry.createdAt).toLocaleString(i18n.language)}
              </time>
              <div className="min-w-0">
                <p className="text-slate-900">
                  <span className="font-medium">{entry.actorName}</span>
                  {' · '}
                  {t(`admin.audit.actions.${entry.action}`, { defaultValue: entry.action })}
                  <span className="text-slate-500"> · {entry.target}</span>
                </p>
                <p className="text-sm break-words text-slate-600">{describe(entry)}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
      <Pager
        page={audit.data.page}
        pageSize={audit.data.pageSize}
        total={audit.data.total}
        onPage={setPage}
      />
    </section>
  );
}
