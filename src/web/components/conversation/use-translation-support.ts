import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssistantStatus } from '#web/lib/cards/use-assistant-status.ts';

export interface TranslationSupport {
  /** True once the server may translate (a model is configured): the translate actions show. */
  available: boolean;
  /** What the screen says instead (with a link to the model settings), or null. */
  notice: string | null;
  /** A translation was refused with 503 PROVIDER_REQUIRED: say so with the server's words. */
  refused: (message: string) => void;
}

/**
 * Whether the staff can translate in this conversation. The card's assistant status says up
 * front whether this server has any model configured (the writer uses the card's own, else any
 * other); a 503 PROVIDER_REQUIRED answer says it too, should the two disagree.
 */
export function useTranslationSupport(cardId: number): TranslationSupport {
  const { t } = useTranslation();
  const status = useAssistantStatus(cardId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const configured = status.data ? status.data.models.some((model) => model.ready) : undefined;
  const notice =
    refusal ?? (configured === false ? t('conversation.translation.providerMissing') : null);
  // Until the status is known nothing is offered (no buttons that vanish a moment later); when
  // it cannot be read, the server's answer decides.
  const available = notice === null && (configured === true || status.isError);
  return { available, notice, refused: setRefusal };
}
