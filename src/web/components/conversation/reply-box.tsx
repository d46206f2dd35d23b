import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SendHorizontal } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_CHAT_MESSAGE_CHARS } from '#shared/schemas/chat.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorText } from '#web/lib/api.ts';
import { useAuthExpiredHandler } from '#web/lib/cards/queries.ts';
import {
  conversationKey,
  replyToVisitor,
  type TConversation,
} from '#web/lib/notifications/conversation.ts';

/** The owner's answer to the visitor, shown in the history at once and sent live. */
export function ReplyBox({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const handleAuthExpired = useAuthExpiredHandler();
  const [text, setText] = useState('');
  const fieldId = useId();
  const hintId = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);

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
  const canSend = message.length > 0 && !send.isPending;
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
        aria-describedby={hintId}
        data-testid="reply-input"
        className="min-h-20 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs transition-colors duration-150 placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40 sm:text-sm"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={hintId} className="min-w-0 flex-1 text-xs text-slate-600">
          {t('conversation.replyHint')}{' '}
          <span className="whitespace-nowrap tabular-nums" data-testid="reply-count">
            {t('conversation.charCount', { count: text.length, max: MAX_CHAT_MESSAGE_CHARS })}
          </span>
        </p>
        <Button type="submit" disabled={!canSend} data-testid="reply-send">
          {send.isPending ? (
            <Spinner size="small" className="text-current" />
          ) : (
            <SendHorizontal aria-hidden="true" />
          )}
          {send.isPending ? t('conversation.sending') : t('conversation.send')}
        </Button>
      </div>
    </form>
  );
}
