import { Bot, MessageSquarePlus, UserRound } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAnswerImage, TCitation, TStoredChatMessage } from '#shared/schemas/chat.ts';
import { SourceChips } from '#web/components/conversation/source-chips.tsx';
import { AnswerPictures, pictureSlides } from '#web/components/source-preview/answer-sources.tsx';
import {
  LazySourceViewer,
  type ViewerState,
} from '#web/components/source-preview/lazy-source-viewer.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { photoUrl } from '#web/lib/notifications/conversation.ts';
import { fullTimeText } from '#web/lib/notifications/display.ts';
import { cn } from '#web/lib/utils.ts';

/** One message: who wrote it and when, its photo, its text and the sources it cites. */
export function MessageBubble({
  message,
  customerId,
  onSaveAsAnswer,
  translation,
}: {
  message: TStoredChatMessage;
  customerId: number;
  /** A staff reply: "save as answer" fills the answer form with the question and the reply. */
  onSaveAsAnswer?: () => void;
  /** A buyer's message: its "Translate" action and translation, under the text. */
  translation?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const fromVisitor = message.role === 'user';
  const role =
    message.role === 'user'
      ? t('conversation.roleUser')
      : message.role === 'agent'
        ? t('conversation.roleAgent')
        : t('conversation.roleAssistant');
  const Icon = message.role === 'user' || message.role === 'agent' ? UserRound : Bot;
  // A photo shows as itself; the 📷 marker in the stored text is only for the text views.
  const text = message.image ? message.content.replace(/^📷\s?/u, '') : message.content;
  return (
    <li
      className={cn('flex flex-col gap-1', fromVisitor ? 'items-start' : 'items-end')}
      data-testid="conversation-message"
      data-role={message.role}
    >
      <span className="inline-flex items-center gap-1.5 px-1 text-xs text-slate-600">
        <Icon aria-hidden="true" className="size-3.5" />
        <span className="font-medium text-slate-700">{role}</span>
        <time dateTime={message.createdAt}>{fullTimeText(message.createdAt, i18n.language)}</time>
      </span>
      {message.image ? (
        <a
          href={photoUrl(customerId, message.image)}
          target="_blank"
          rel="noopener noreferrer"
          className="block max-w-[min(20rem,80%)] overflow-hidden rounded-2xl rounded-tl-sm border border-slate-200 bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <img
            src={photoUrl(customerId, message.image)}
            alt={t('conversation.visitorPhoto')}
            loading="lazy"
            className="block max-h-72 w-full object-contain"
            data-testid="conversation-photo"
          />
        </a>
      ) : null}
      {message.images?.length ? (
        <AnswerImages images={message.images} citations={message.citations ?? []} />
      ) : null}
      {text ? (
        <div
          className={cn(
            'max-w-[min(36rem,90%)] rounded-2xl px-4 py-2.5 text-sm leading-relaxed break-words whitespace-pre-wrap',
            message.role === 'user' && 'rounded-tl-sm bg-slate-100 text-slate-900',
            message.role === 'assistant' &&
              'rounded-tr-sm border border-brand-100 bg-brand-50 text-slate-900',
            message.role === 'agent' && 'rounded-tr-sm bg-brand-700 text-white',
          )}
        >
          {text}
        </div>
      ) : null}
      {text ? translation : null}
      {message.citations && message.citations.length > 0 ? (
        <SourceChips citations={message.citations} />
      ) : null}
      {onSaveAsAnswer ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={onSaveAsAnswer}
          aria-label={t('questions.saveAsAnswerLabel')}
          data-testid="save-as-answer"
        >
          <MessageSquarePlus aria-hidden="true" />
          {t('questions.saveAsAnswer')}
        </Button>
      ) : null}
    </li>
  );
}

/** The product's pictures the buyer saw above the answer; a tap enlarges them in the viewer. */
function AnswerImages({ images, citations }: { images: TAnswerImage[]; citations: TCitation[] }) {
  const { t } = useTranslation();
  const [viewer, setViewer] = useState<ViewerState | null>(null);
  const closeViewer = useCallback(() => setViewer(null), []);
  const labels = images.map((image) => {
    const cited = citations.find((citation) => citation.documentId === image.documentId);
    const name = !cited
      ? t('chat.sources.title')
      : image.page === null
        ? cited.documentName
        : t('conversation.sourcePage', { name: cited.documentName, page: image.page });
    return t('chat.preview.picture', { name });
  });
  return (
    <div className="max-w-[min(36rem,90%)]">
      <AnswerPictures
        images={images}
        labels={labels}
        onOpen={(index) => setViewer({ slides: pictureSlides(images, labels), index })}
      />
      <LazySourceViewer t={(key, values) => t(key, values)} state={viewer} onClose={closeViewer} />
    </div>
  );
}
