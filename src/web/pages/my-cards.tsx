import { Building2, PlusCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TBusinessCard } from '#shared/schemas/cards.ts';
import { CardStats } from '#web/components/cards/my-cards/card-stats.tsx';
import { CardTile } from '#web/components/cards/my-cards/card-tile.tsx';
import { DeleteCardDialog } from '#web/components/cards/my-cards/delete-card-dialog.tsx';
import { DraftTile } from '#web/components/cards/my-cards/draft-tile.tsx';
import { EditCardDialog } from '#web/components/cards/my-cards/edit-card-dialog.tsx';
import { NoCardsYet } from '#web/components/cards/my-cards/no-cards-yet.tsx';
import { QuickActions } from '#web/components/cards/my-cards/quick-actions.tsx';
import { ShareCardDialog } from '#web/components/cards/my-cards/share-card-dialog.tsx';
import { PageContainer } from '#web/components/layout/app-layout.tsx';
import { GuidePanel } from '#web/components/onboarding/guide-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { RetryAlert } from '#web/components/ui/retry-alert.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useCards } from '#web/lib/cards/queries.ts';
import { useCurrentUser } from '#web/lib/session.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

export default function MyCardsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('myCards.title'));
  const { user } = useCurrentUser();
  const cards = useCards();
  const list = cards.data ?? [];
  const [editing, setEditing] = useState<TBusinessCard | null>(null);
  const [sharing, setSharing] = useState<TBusinessCard | null>(null);
  const [deleting, setDeleting] = useState<TBusinessCard | null>(null);
  const drafts = list.filter((card) => card.status === 'draft');
  const finished = list.filter((card) => card.status !== 'draft');

  return (
    <PageContainer width="wide">
      {/* Like PageHeader, but the two actions may wrap under each other on a phone. */}
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="grid min-w-0 gap-1">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">
            {t('myCards.greeting', { username: user?.username ?? '' })}
          </h1>
          <p className="text-slate-600">{t('myCards.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link href="/corporate-dashboard">
              <Building2 aria-hidden="true" />
              {t('myCards.enterprise')}
            </Link>
          </Button>
          <Button asChild>
            <Link href="/user-details" data-testid="my-cards-create">
              <PlusCircle aria-hidden="true" />
              {t('myCards.create')}
            </Link>
          </Button>
        </div>
      </div>

      <GuidePanel />
      <CardStats cards={list} isPending={cards.isPending} />
      <QuickActions
        newest={list[0]}
        isFetching={cards.isFetching}
        onRefresh={() => void cards.refetch()}
      />

      <section aria-labelledby="cards-heading" className="mt-8">
        <h2 id="cards-heading" className="mb-4 text-lg font-semibold text-slate-900">
          {t('myCards.listTitle')}
        </h2>
        {cards.isPending ? (
          <Loading message={t('myCards.loading')} />
        ) : cards.isError && list.length === 0 ? (
          <RetryAlert
            variant="warning"
            message={t('myCards.loadFailed')}
            onRetry={() => void cards.refetch()}
          />
        ) : list.length === 0 ? (
          <NoCardsYet />
        ) : finished.length === 0 ? (
          <p className="text-slate-600" data-testid="no-finished-cards">
            {t('myCards.noFinishedYet')}
          </p>
        ) : (
          <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" data-testid="card-grid">
            {finished.map((card) => (
              <CardTile
                key={card.id}
                card={card}
                onEdit={() => setEditing(card)}
                onShare={() => setSharing(card)}
                onDelete={() => setDeleting(card)}
              />
            ))}
          </ul>
        )}
      </section>

      {drafts.length > 0 ? (
        <section aria-labelledby="drafts-heading" className="mt-10" data-testid="draft-section">
          <h2 id="drafts-heading" className="text-lg font-semibold text-slate-900">
            {t('myCards.draftsTitle')}
          </h2>
          <p className="mb-4 text-sm text-slate-600">{t('myCards.draftsText')}</p>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="draft-list">
            {drafts.map((card) => (
              <DraftTile key={card.id} card={card} onDelete={() => setDeleting(card)} />
            ))}
          </ul>
        </section>
      ) : null}

      {editing ? <EditCardDialog card={editing} onClose={() => setEditing(null)} /> : null}
      {sharing ? <ShareCardDialog card={sharing} onClose={() => setSharing(null)} /> : null}
      <DeleteCardDialog card={deleting} onClose={() => setDeleting(null)} />
    </PageContainer>
  );
}
