import { useTranslation } from 'react-i18next';
import type { TVisitorAnalytics } from '#shared/schemas/analytics.ts';
import { useAnalyticsFormat } from './format.ts';

/** The latest conversations: a table on wide screens, a list of cards on a phone. */
export function SessionsTable({ sessions }: { sessions: TVisitorAnalytics['recentSessions'] }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const cells = (session: TVisitorAnalytics['recentSessions'][number]) => ({
    card: format.cardName(session.cardName, session.businessCardId),
    messages: format.number(session.messageCount),
    source: t(`analytics.source.${session.source}`),
    device: t(`analytics.device.${session.deviceType}`),
    country: format.country(session.country),
    last: format.dateTime(session.lastActivity),
  });
  return (
    <div data-testid="sessions-table">
      <table className="hidden w-full text-left text-sm md:table">
        <caption className="sr-only">{t('analytics.sessionsTitle')}</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('analytics.col.card')}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {t('analytics.col.messages')}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('analytics.col.source')}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('analytics.col.device')}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('analytics.col.country')}
            </th>
            <th scope="col" className="py-2 font-medium">
              {t('analytics.col.lastActivity')}
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => {
            const row = cells(session);
            return (
              <tr key={session.id} className="border-b border-slate-100 last:border-0">
                <td className="py-2 pr-3 font-medium text-slate-900">{row.card}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{row.messages}</td>
                <td className="py-2 pr-3">{row.source}</td>
                <td className="py-2 pr-3">{row.device}</td>
                <td className="py-2 pr-3">{row.country}</td>
                <td className="py-2 whitespace-nowrap text-slate-600">{row.last}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ul className="grid gap-3 md:hidden">
        {sessions.map((session) => {
          const row = cells(session);
          return (
            <li key={session.id} className="rounded-lg border border-slate-200 p-3 text-sm">
              <p className="font-medium text-slate-900">{row.card}</p>
              <p className="text-slate-600">
                {t('analytics.messagesCount', { count: session.messageCount })} · {row.source} ·{' '}
                {row.device} · {row.country}
              </p>
              <p className="text-xs text-slate-500">{row.last}</p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
