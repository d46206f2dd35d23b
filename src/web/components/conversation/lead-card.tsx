import { Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import type { TConversation } from '#web/lib/notifications/conversation.ts';
import { fullTimeText } from '#web/lib/notifications/display.ts';

/** The visitor's interface language, by its native name (as the switchers show it). */
const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

const SOURCE_KEYS: Record<string, string> = {
  qr: 'conversation.sourceQr',
  link: 'conversation.sourceLink',
  share: 'conversation.sourceShare',
  poster: 'conversation.sourcePoster',
  direct: 'conversation.sourceDirect',
};

/** Where the visitor came from, in words. */
function sourceText(source: string | null, t: (key: string) => string): string {
  return t(SOURCE_KEYS[source ?? 'direct'] ?? 'conversation.sourceDirect');
}

/** Who the visitor is (the details they left) and how they came: call or mail them from here. */
export function LeadCard({ conversation }: { conversation: TConversation }) {
  const { t, i18n } = useTranslation();
  const lead = conversation.lead;
  const source = sourceText(conversation.source, t);
  return (
    <section
      aria-labelledby="lead-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="lead-card"
    >
      <h2 id="lead-heading" className="text-sm font-semibold text-slate-900">
        {t('conversation.leadTitle')}
      </h2>
      {lead ? (
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
          <LeadRow label={t('conversation.leadName')}>{lead.name}</LeadRow>
          <LeadRow label={t('conversation.leadCompany')}>{lead.company}</LeadRow>
          <LeadRow label={t('conversation.leadEmail')}>
            {lead.email ? (
              <a
                href={`mailto:${lead.email}`}
                className="text-brand-700 underline-offset-2 hover:underline"
              >
                {lead.email}
              </a>
            ) : null}
          </LeadRow>
          <LeadRow label={t('conversation.leadPhone')}>{lead.phone}</LeadRow>
        </dl>
      ) : (
        <p className="mt-2 text-sm text-slate-600" data-testid="lead-none">
          {t('conversation.leadNone')}
        </p>
      )}
      {lead?.phone || lead?.email ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {lead.phone ? (
            <Button asChild size="sm" variant="outline">
              <a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`} data-testid="lead-call">
                <Phone aria-hidden="true" />
                {t('conversation.call')}
              </a>
            </Button>
          ) : null}
          {lead.email ? (
            <Button asChild size="sm" variant="outline">
              <a href={`mailto:${lead.email}`}>
                <Mail aria-hidden="true" />
                {t('conversation.email')}
              </a>
            </Button>
          ) : null}
        </div>
      ) : null}
      <h3 className="mt-4 border-t border-slate-100 pt-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {t('conversation.visitTitle')}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
        <LeadRow label={t('conversation.source')}>{source}</LeadRow>
        {conversation.language && LANGUAGE_NAMES[conversation.language] ? (
          <LeadRow label={t('conversation.visitorLanguage')}>
            {LANGUAGE_NAMES[conversation.language]}
          </LeadRow>
        ) : null}
        <LeadRow label={t('conversation.firstSeen')}>
          {fullTimeText(conversation.createdAt, i18n.language)}
        </LeadRow>
        <LeadRow label={t('conversation.lastActivity')}>
          {fullTimeText(conversation.lastActivity, i18n.language)}
        </LeadRow>
      </dl>
    </section>
  );
}

function LeadRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children ?? '—'}</dd>
    </>
  );
}
