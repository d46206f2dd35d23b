import { ArrowLeft, CreditCard } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageContainer, PageHeader } from '../components/layout/app-layout.tsx';
import { AudioPanel } from '../components/marketing/audio-panel.tsx';
import { Button } from '../components/ui/button.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { Label } from '../components/ui/label.tsx';
import { NativeSelect } from '../components/ui/native-select.tsx';
import { Loading } from '../components/ui/spinner.tsx';
import { useCards } from '../lib/cards/queries.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** /audio-content: audio introductions of the owner's cards (spec-advanced 2, issue 15 item 5). */
export default function AudioContentPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('audio.title'));
  const cards = useCards();
  const selectId = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const cardList = cards.data ?? [];
  const cardId = chosen ?? cardList[0]?.id ?? null;

  return (
    <PageContainer width="wide">
      <Link
        href="/corporate-dashboard"
        className="mb-4 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('audio.back')}
      </Link>
      <PageHeader
        title={t('audio.title')}
        description={t('audio.subtitle')}
        action={
          cardList.length > 1 ? (
            <div className="grid gap-1.5">
              <Label htmlFor={selectId}>{t('audio.cardLabel')}</Label>
              <NativeSelect
                id={selectId}
                value={cardId ?? ''}
                onChange={(event) => setChosen(Number(event.target.value))}
                className="min-w-56"
                data-testid="audio-card"
              >
                {cardList.map((card) => (
                  <option key={card.id} value={card.id}>
                    {card.companyName || `#${card.id}`}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null
        }
      />
      {cards.isLoading ? (
        <Loading />
      ) : cardId === null ? (
        <EmptyState
          icon={CreditCard}
          title={t('audio.noCardsTitle')}
          text={t('audio.noCardsText')}
          action={
            <Button asChild>
              <Link href="/user-details">{t('audio.createCard')}</Link>
            </Button>
          }
        />
      ) : (
        <AudioPanel key={cardId} cardId={cardId} />
      )}
    </PageContainer>
  );
}
