import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Languages, SendHorizontal, Undo2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/limits.ts';
import { MAX_CHAT_MESSAGE_CHARS } from '#shared/schemas/chat.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { LANGUAGE_NAMES } from '#web/i18n/index.ts';
import { errorText } from '#web/lib/api.ts';
import { useAuthExpiredHandler } from '#web/lib/cards/queries.ts';
import {
  conversationKey,
  replyToVisitor,
  type TConversation,
} from '#web/lib/notifications/conversation.ts';
import { providerRequired, translateReply } from '#web/lib/notifications/translation.ts';

/**
 * The owner's answer to the visitor, shown in the history at once and sent live. With a language
 * model, "Write in the buyer's language" replaces the draft with its translation for the staff
 * to check before sending (`onProviderMissing` given; called when the server has none).
 */
export function ReplyBox({
  customerId,
  onProviderMissing,
}: {
  customerId: number;
  onProviderMissing?: ((message: string) => void) | undefined;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const handleAuthExpired = useAuthExpiredHandler();
  const [text, setText] = useState('');
  const fieldId = useId();
  const hintId = useId();
  const translateHintId = useId();
  const translatedNoteId = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  /** The staff's own words and the language they were translated into, while that stands. */
  const [translated, setTranslated] = useState<{ original: string; language: Language } | null>(
    null,
  );

  const translate = useMutation({
    mutationFn: (draft: string) => translateReply(customerId, draft),
    onSuccess: (result, draft) => {
      setText(result.translatedText);
      setTranslated({ original: draft, language: result.targetLanguage });
      textareaRef.current?.focus();
    },
    onError: (error) => {
      if (handleAuthExpired(error)) return;
      if (providerRequired(error)) {
        onProviderMissing?.(errorText(error, t('conversation.translation.providerMissing')));
        return;
      }
      toast({
        title: t('conversation.translation.replyFailedTitle'),
        description: errorText(error, t('conversation.translation.replyFailedText')),
        variant: 'destructive',
      });
    },
  });
  const restore = () => {
    if (translated) setText(translated.original);
    setTranslated(null);
    textareaRef.current?.focus();
  };

  const send = useMutation({
    mutationFn: (message: string) => replyToVisitor(customerId, message),
    onSuccess: (_result, message) => {
      queryClient.setQueryData<TConversation>(conversationKey(customerId), (current) =>
        current
          ? {
              ...current,
              messages: [
                ...current.messages,
                { role: 'agent', content: message, createdAt: new Date().toISOString() },
              ],
            }
          : current,
      );
      setText('');
      setTranslated(null);
      toast({ title: t('conversation.sentTitle'), variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: conversationKey(customerId) });
      textareaRef.current?.focus();
    },
    onError: (error) => {
      if (handleAuthExpired(error)) return;
      toast({
        title: t('conversation.sendFailedTitle'),
        description: errorText(error, t('conversation.sendFailedText')),
        variant: 'destructive',
      });
    },
  });

  const message = text.trim();
  const canSend = message.length > 0 && !send.isPending && !translate.isPending;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canSend) send.mutate(message);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; an IME composition (Chinese input) is left alone.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      onSubmit={submit}
      className="sticky bottom-0 z-10 grid gap-2 rounded-b-xl border-t border-slate-200 bg-white p-3 sm:p-4 lg:static"
      data-testid="reply-form"
    >
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
        {t('conversation.replyLabel')}
      </label>
      <textarea
        ref={textareaRef}
        id={fieldId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        maxLength={MAX_CHAT_MESSAGE_CHARS}
        rows={3}
        placeholder={t('conversation.replyPlaceholder')}
        aria-describedby={translated ? `${hintId} ${translatedNoteId}` : hintId}
        data-testid="reply-input"
        className="min-h-20 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs transition-colors duration-150 placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40 sm:text-sm"
      />
      <div role="status" aria-live="polite">
        {translated ? (
          <div
            className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700"
            data-testid="reply-translated"
            data-language={translated.language}
          >
            <span id={translatedNoteId}>
              {t('conversation.translation.written', {
                language: LANGUAGE_NAMES[translated.language],
              })}
            </span>
            <Button size="sm" variant="ghost" onClick={restore} data-testid="reply-restore">
              <Undo2 aria-hidden="true" />
              {t('conversation.translation.restore')}
            </Button>
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={hintId} className="min-w-0 flex-1 text-xs text-slate-600">
          {t('conversation.replyHint')}{' '}
          <span className="whitespace-nowrap tabular-nums" data-testid="reply-count">
            {t('conversation.charCount', { count: text.length, max: MAX_CHAT_MESSAGE_CHARS })}
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          {onProviderMissing ? (
            <>
              <Button
                variant="outline"
                onClick={() => translate.mutate(message)}
                disabled={message.length === 0 || translate.isPending || send.isPending}
                aria-busy={translate.isPending}
                aria-describedby={translateHintId}
                data-testid="reply-translate"
              >
                {translate.isPending ? (
                  <Spinner size="small" className="text-current" />
                ) : (
                  <Languages aria-hidden="true" />
                )}
                {translate.isPending
                  ? t('conversation.translation.writing')
                  : t('conversation.translation.writeInBuyerLanguage')}
              </Button>
              <span id={translateHintId} className="sr-only">
                {t('conversation.translation.writeInBuyerLanguageLabel')}
              </span>
            </>
          ) : null}
          <Button type="submit" disabled={!canSend} data-testid="reply-send">
            {send.isPending ? (
              <Spinner size="small" className="text-current" />
            ) : (
              <SendHorizontal aria-hidden="true" />
            )}
            {send.isPending ? t('conversation.sending') : t('conversation.send')}
          </Button>
        </div>
      </div>
    </form>
  );
}
