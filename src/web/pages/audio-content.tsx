import { CreditCard } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageContainer, PageHeader } from '#web/components/layout/app-layout.tsx';
import { AudioPanel } from '#web/components/marketing/audio-panel.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useCards } from '#web/lib/cards/queries.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { BackLink } from '#web/components/layout/back-link.tsx';

/** /audio-content: audio introductions of the owner's cards. */
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
      <BackLink label={t('audio.back')} />
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
