import { useMutation } from '@tanstack/react-query';
import { Languages } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/limits.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { LANGUAGE_NAMES, currentLanguage } from '#web/i18n/index.ts';
import { errorText } from '#web/lib/api.ts';
import { useAuthExpiredHandler } from '#web/lib/cards/queries.ts';
import { providerRequired, translateVisitorMessage } from '#web/lib/notifications/translation.ts';

/**
 * "Translate" under one of the buyer's messages: its translation into the staff's interface
 * language appears below it (and can be hidden again). Without a language model on the server
 * the parent is told (`onProviderMissing`) and says so; nothing is ever made up here.
 */
export function MessageTranslation({
  customerId,
  messageId,
  onProviderMissing,
}: {
  customerId: number;
  /** The message's position in the conversation. */
  messageId: number;
  onProviderMissing: (message: string) => void;
}) {
  const { t } = useTranslation();
  const handleAuthExpired = useAuthExpiredHandler();
  const language = currentLanguage();
  const languageName = LANGUAGE_NAMES[language];
  const [hidden, setHidden] = useState(false);
  const resultId = useId();

  const translate = useMutation({
    mutationFn: (target: Language) => translateVisitorMessage(customerId, messageId, target),
    onSuccess: () => setHidden(false),
    onError: (error) => {
      if (handleAuthExpired(error)) return;
      if (providerRequired(error)) {
        onProviderMissing(errorText(error, t('conversation.translation.providerMissing')));
      }
    },
  });
  // A translation into another language than the interface's now (it was switched) is not shown.
  const result = translate.data?.targetLanguage === language ? translate.data : undefined;
  const failed = translate.isError && !providerRequired(translate.error);

  return (
    <div className="grid max-w-[min(36rem,90%)] justify-items-start gap-1">
      {result ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setHidden((value) => !value)}
          aria-expanded={!hidden}
          aria-controls={resultId}
          data-testid="message-translate"
          data-state="translated"
        >
          <Languages aria-hidden="true" />
          {hidden ? t('conversation.translation.show') : t('conversation.translation.hide')}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => translate.mutate(language)}
          disabled={translate.isPending}
          aria-busy={translate.isPending}
          aria-label={
            translate.isPending
              ? undefined
              : t('conversation.translation.translateLabel', { language: languageName })
          }
          data-testid="message-translate"
          data-state={translate.isPending ? 'pending' : 'idle'}
        >
          {translate.isPending ? (
            <Spinner size="small" className="text-current" />
          ) : (
            <Languages aria-hidden="true" />
          )}
          {translate.isPending
            ? t('conversation.translation.translating')
            : t('conversation.translation.translate')}
        </Button>
      )}
      <div id={resultId} aria-live="polite" className="w-full">
        {result && !hidden ? (
          <div
            className="rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-900"
            data-testid="message-translation"
          >
            <p className="mb-0.5 text-xs font-medium text-slate-600">
              {t('conversation.translation.label', {
                language: LANGUAGE_NAMES[result.targetLanguage],
              })}
            </p>
            <p lang={result.targetLanguage}>{result.translatedText}</p>
          </div>
        ) : null}
        {failed ? (
          <p className="text-xs text-red-700" role="alert" data-testid="message-translate-error">
            {errorText(translate.error, t('conversation.translation.failed'))}
          </p>
        ) : null}
      </div>
    </div>
  );
}
