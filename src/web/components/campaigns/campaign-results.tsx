import { Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCampaign } from '#shared/campaigns.ts';
import type { Language } from '#shared/limits.ts';
import { LANGUAGE_NAMES } from '#web/i18n/index.ts';
import { errorText } from '#web/lib/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useDeleteCampaign, useSendCampaign } from '#web/components/campaigns/campaigns-api.ts';
import { ConfirmDeleteDialog } from '#web/components/campaigns/confirm-delete-dialog.tsx';

const STATUS_STYLE: Record<TCampaign['status'], string> = {
  draft: 'bg-slate-100 text-slate-700',
  scheduled: 'bg-amber-50 text-amber-900',
  sending: 'bg-brand-50 text-brand-800',
  sent: 'bg-emerald-50 text-emerald-800',
};

/** Every campaign with what it achieved: sent, clicked, dismissed. */
export function CampaignResults({ campaigns }: { campaigns: TCampaign[] }) {
  const { t, i18n } = useTranslation();
  const send = useSendCampaign();
  const remove = useDeleteCampaign();
  const [deleting, setDeleting] = useState<TCampaign | null>(null);
  const when = (campaign: TCampaign) => {
    const at = campaign.sentAt ?? campaign.scheduledAt ?? campaign.createdAt;
    return new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(at));
  };
  const sendNow = (campaign: TCampaign) =>
    send.mutate(campaign.id, {
      onSuccess: (sent) =>
        toast({ variant: 'success', title: t('campaigns.editor.sent', { count: sent.sentCount }) }),
      onError: (error) =>
        toast({ variant: 'destructive', title: errorText(error, t('errors.internal')) }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('campaigns.results.heading')}</CardTitle>
      </CardHeader>
      <CardContent>
        {campaigns.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="campaigns-empty">
            {t('campaigns.results.empty')}
          </p>
        ) : (
          <div className="relative overflow-x-auto">
            <table
              className="w-full min-w-[40rem] text-left text-sm"
              data-testid="campaign-results"
            >
              <thead className="border-b border-slate-200 text-xs text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('campaigns.results.name')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('campaigns.results.status')}
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('campaigns.results.when')}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    {t('campaigns.results.sent')}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    {t('campaigns.results.clicked')}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    {t('campaigns.results.dismissed')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">{t('campaigns.results.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {campaigns.map((campaign) => (
                  <tr key={campaign.id} className="border-b border-slate-100 align-top">
                    <th scope="row" className="min-w-40 py-2 pr-3 font-medium text-slate-900">
                      {campaign.name}
                      <span className="block text-xs font-normal text-slate-500">
                        {campaign.cardName ?? ''} ·{' '}
                        {t(`campaigns.audience.${campaign.targetAudience}`)}
                      </span>
                      <span
                        className="block text-xs font-normal text-slate-500"
                        data-testid="campaign-languages"
                      >
                        {[campaign.language, ...(Object.keys(campaign.translations) as Language[])]
                          .map((language) => LANGUAGE_NAMES[language])
                          .join(' · ')}
                      </span>
                    </th>
                    <td className="py-2 pr-3">
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs ${STATUS_STYLE[campaign.status]}`}
                      >
                        {t(`campaigns.status.${campaign.status}`)}
                      </span>
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap text-slate-700">{when(campaign)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{campaign.sentCount}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{campaign.clickCount}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{campaign.dismissCount}</td>
                    <td className="py-2">
                      <div className="flex justify-end gap-1">
                        {campaign.status !== 'sent' ? (
                          <Button
                            size="sm"
                            variant="outline"
                            disabled={send.isPending}
                            onClick={() => sendNow(campaign)}
                            aria-label={`${t('campaigns.results.send')}: ${campaign.name}`}
                          >
                            <Send aria-hidden="true" /> {t('campaigns.results.send')}
                          </Button>
                        ) : null}
                        {campaign.status !== 'sending' ? (
                          <Button
                            size="sm"
                            variant="ghost"
                            onClick={() => setDeleting(campaign)}
                            aria-label={`${t('campaigns.results.delete')}: ${campaign.name}`}
                          >
                            <Trash2 aria-hidden="true" />
                          </Button>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
      <ConfirmDeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={remove.mutate}
        texts={{
          title: t('campaigns.results.delete'),
          confirm: (name) => t('campaigns.results.confirmDelete', { name }),
          deleted: t('campaigns.results.deleted'),
        }}
      />
    </Card>
  );
}
