import { BellRing, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TTemplate } from '#shared/campaigns.ts';
import { CampaignEditor } from '#web/components/campaigns/campaign-editor.tsx';
import { CampaignResults } from '#web/components/campaigns/campaign-results.tsx';
import { useCampaigns, useTemplates } from '#web/components/campaigns/campaigns-api.ts';
import { TemplateList } from '#web/components/campaigns/template-list.tsx';
import { PageContainer, PageHeader } from '#web/components/layout/app-layout.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useCards } from '#web/lib/cards/queries.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { BackLink } from '#web/components/layout/back-link.tsx';

/** /push-notifications: templates, the campaign editor with its preview, and the results. */
export default function PushNotificationsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('campaigns.page.title'));
  const cards = useCards();
  const templates = useTemplates();
  const campaigns = useCampaigns();
  const [chosen, setChosen] = useState<TTemplate | null>(null);
  const cardOptions = (cards.data ?? []).map((card) => ({
    id: card.id,
    label: card.companyName || `#${card.id}`,
  }));

  let body;
  if (cards.isPending || templates.isPending || campaigns.isPending) {
    body = <Loading message={t('campaigns.page.loading')} />;
  } else if (cards.isError || templates.isError || campaigns.isError) {
    body = (
      <Alert variant="destructive" role="alert" className="items-center">
        <span className="flex-1">{t('campaigns.page.loadError')}</span>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            void cards.refetch();
            void templates.refetch();
            void campaigns.refetch();
          }}
        >
          <RotateCw aria-hidden="true" /> {t('campaigns.page.retry')}
        </Button>
      </Alert>
    );
  } else if (cardOptions.length === 0) {
    body = (
      <EmptyState
        icon={BellRing}
        title={t('campaigns.page.title')}
        text={t('campaigns.page.noCards')}
        testId="campaigns-no-cards"
        action={
          <Button asChild>
            <Link href="/user-details">{t('campaigns.page.createCard')}</Link>
          </Button>
        }
      />
    );
  } else {
    body = (
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 [&>*]:min-w-0">
        <CampaignEditor cards={cardOptions} template={chosen} />
        <CampaignResults campaigns={campaigns.data} />
        <TemplateList
          templates={templates.data}
          onUse={(template) => {
            setChosen(template);
            document.getElementById('main')?.scrollTo?.({ top: 0, behavior: 'smooth' });
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      </div>
    );
  }

  return (
    <PageContainer width="wide">
      <BackLink label={t('pipeline.back')} />
      <PageHeader title={t('campaigns.page.title')} description={t('campaigns.page.subtitle')} />
      {body}
    </PageContainer>
  );
}
