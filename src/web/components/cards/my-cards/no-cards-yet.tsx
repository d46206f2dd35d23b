import { LayoutGrid, PlusCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';

export function NoCardsYet() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={LayoutGrid}
      title={t('myCards.emptyTitle')}
      text={t('myCards.emptyText')}
      testId="cards-empty"
      action={
        <Button asChild size="lg">
          <Link href="/user-details">
            <PlusCircle aria-hidden="true" />
            {t('myCards.createFirst')}
          </Link>
        </Button>
      }
    />
  );
}
