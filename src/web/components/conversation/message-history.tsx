import { MessageSquareOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TStoredChatMessage } from '#shared/schemas/chat.ts';
import { MessageBubble } from '#web/components/conversation/message-bubble.tsx';
import { MessageTranslation } from '#web/components/conversation/message-translation.tsx';

/** The conversation so far, newest last and kept in view. */
/** The visitor's question a staff reply answers: their last message before it. */
export function questionBefore(messages: readonly TStoredChatMessage[], index: number): string {
  for (let i = index - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'user') return message.content.replace(/^📷\s?/u, '').trim();
  }
  return '';
}

export function MessageHistory({
  messages,
  customerId,
  onSaveAsAnswer,
  onProviderMissing,
}: {
  messages: TStoredChatMessage[];
  customerId: number;
  /** "Save as answer" on a staff reply: the buyer's question and the reply. */
  onSaveAsAnswer?: (question: string, answer: string) => void;
  /**
   * Given when the buyer's messages can be translated (a language model may be configured):
   * called when the server says none is.
   */
  onProviderMissing?: ((message: string) => void) | undefined;
}) {
  const { t } = useTranslation();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const count = messages.length;
  // On a wide screen the history scrolls in its box: keep the newest message in view. (On a
  // phone the page itself scrolls; nothing to do.)
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, [count]);

  if (count === 0) {
    return (
      <div
        className="flex flex-1 flex-col items-center justify-center gap-2 px-6 py-12 text-center"
        data-testid="conversation-empty"
      >
        <MessageSquareOff aria-hidden="true" className="size-8 text-slate-400" />
        <p className="max-w-sm text-sm text-slate-600">{t('conversation.empty')}</p>
      </div>
    );
  }
  return (
    <div
      ref={scrollerRef}
      className="min-h-48 px-3 py-4 sm:px-4 lg:max-h-[36rem] lg:overflow-y-auto"
      data-testid="conversation-scroller"
    >
      <ol className="grid gap-4" data-testid="conversation-messages">
        {messages.map((message, index) => (
          <MessageBubble
            key={`${message.createdAt}-${index}`}
            message={message}
            customerId={customerId}
            {...(onSaveAsAnswer && message.role === 'agent'
              ? {
                  onSaveAsAnswer: () =>
                    onSaveAsAnswer(questionBefore(messages, index), message.content),
                }
              : {})}
            {...(onProviderMissing && message.role === 'user'
              ? {
                  translation: (
                    <MessageTranslation
                      customerId={customerId}
                      messageId={index}
                      onProviderMissing={onProviderMissing}
                    />
                  ),
                }
              : {})}
          />
        ))}
      </ol>
    </div>
  );
}
