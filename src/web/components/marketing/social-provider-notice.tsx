import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert } from '../ui/alert.tsx';

/**
 * Says that a language model provider is needed (translation, the ten other introduction
 * languages) and links to the card's AI model settings.
 */
export function ProviderNotice({ message, cardId }: { message: string; cardId: number | null }) {
  const { t } = useTranslation();
  const href =
    cardId === null ? '/my-cards' : `/ai-model-selection/${cardId}?businessCardId=${cardId}`;
  return (
    <Alert variant="warning" data-testid="provider-notice">
      <KeyRound aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-medium">{t('marketingText.provider.title')}</p>
        <p>{message}</p>
        <p className="text-xs">{t('marketingText.provider.howTo')}</p>
        <Link href={href} className="font-medium text-amber-900 underline underline-offset-2">
          {t('marketingText.provider.link')}
        </Link>
      </div>
    </Alert>
  );
}
