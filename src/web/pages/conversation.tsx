import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  Bot,
  FileText,
  Mail,
  MessageSquareOff,
  Phone,
  SendHorizontal,
  ShieldAlert,
  SearchX,
  UserRound,
  Eye,
  Headset,
} from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import {
  MAX_CHAT_MESSAGE_CHARS,
  type TCitation,
  type TStoredChatMessage,
} from '#shared/schemas/chat.ts';
import { PageContainer } from '../components/layout/app-layout.tsx';
import { AssistantNotice } from '../components/redlist/assistant-notice.tsx';
import { Button } from '../components/ui/button.tsx';
import { Loading, Spinner } from '../components/ui/spinner.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { errorText, isApiError } from '../lib/api.ts';
import { useAuthExpiredHandler, useCard } from '../lib/cards/queries.ts';
import { notificationClient } from '../lib/notifications/client.ts';
import {
  conversationKey,
  photoUrl,
  replyToVisitor,
  setTakeover,
  useConversation,
  type TConversation,
} from '../lib/notifications/conversation.ts';
import { fullTimeText } from '../lib/notifications/display.ts';
import { useNotificationEvents, useNotificationState } from '../lib/notifications/hooks.ts';
import { cn } from '../lib/utils.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** The assistant's answer follows the visitor's message the notification announced. */
const ANSWER_FOLLOW_UP_MS = 2500;

/** /conversations/{customerId}: the owner reads a visitor's chat and answers in person. */
export default function ConversationPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('conversation.documentTitle'));
  const params = useParams<{ customerId: string }>();
  const customerId = Number(params.customerId);
  const conversation = useConversation(customerId);
  const queryClient = useQueryClient();
  const [liveNote, setLiveNote] = useState('');
  const followUp = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Live: a new notification about this visitor (or another agent's reply) refreshes the view.
  useNotificationEvents((event) => {
    const concerned =
      (event.type === 'notification' && event.notification.customerId === customerId) ||
      (event.type === 'handled' && event.customerId === customerId) ||
      (event.type === 'updated' && event.notification.customerId === customerId) ||
      (event.type === 'takeover' && event.customerId === customerId);
    if (!concerned) return;
    void queryClient.invalidateQueries({ queryKey: conversationKey(customerId) });
    if (event.type === 'notification') {
      setLiveNote(t('conversation.newMessage'));
      if (followUp.current) clearTimeout(followUp.current);
      followUp.current = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: conversationKey(customerId) });
      }, ANSWER_FOLLOW_UP_MS);
    }
  });
  useEffect(
    () => () => {
      if (followUp.current) clearTimeout(followUp.current);
    },
    [],
  );

  // Reading the conversation is reading its notifications.
  const { notifications } = useNotificationState();
  const loaded = conversation.isSuccess;
  useEffect(() => {
    if (!loaded) return;
    for (const notification of notifications) {
      if (notification.customerId === customerId && notification.status === 'new') {
        notificationClient.acknowledge(notification.id);
      }
    }
  }, [loaded, notifications, customerId]);

  if (conversation.isPending) {
    return (
      <PageContainer width="wide">
        <Loading fullPage />
      </PageContainer>
    );
  }

  if (conversation.isError) {
    const notFound = isApiError(conversation.error) && conversation.error.status === 404;
    return (
      <PageContainer width="narrow">
        <div
          className="flex flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm"
          data-testid={notFound ? 'conversation-not-found' : 'conversation-error'}
        >
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-600">
            <SearchX aria-hidden="true" className="size-7" />
          </span>
          <div className="grid gap-1">
            <h1 className="text-xl font-semibold text-slate-900">
              {notFound ? t('conversation.notFoundTitle') : t('general.errorTitle')}
            </h1>
            <p className="text-sm text-slate-600">
              {notFound ? t('conversation.notFoundText') : t('conversation.loadFailed')}
            </p>
          </div>
          <div className="flex flex-wrap justify-center gap-2">
            {notFound ? null : (
              <Button variant="outline" onClick={() => void conversation.refetch()}>
                {t('common.retry')}
              </Button>
            )}
            <Button asChild>
              <Link href="/my-cards">
                <ArrowLeft aria-hidden="true" />
                {t('conversation.back')}
              </Link>
            </Button>
          </div>
        </div>
      </PageContainer>
    );
  }

  return (
    <ConversationView
      conversation={conversation.data}
      customerId={customerId}
      liveNote={liveNote}
    />
  );
}

function ConversationView({
  conversation,
  customerId,
  liveNote,
}: {
  conversation: TConversation;
  customerId: number;
  liveNote: string;
}) {
  const { t } = useTranslation();
  const card = useCard(conversation.businessCardId);
  const cardName =
    card.data?.companyName ??
    card.data?.user.companyName ??
    card.data?.contactPerson ??
    t('redList.untitledCard', { id: conversation.businessCardId });
  const name = conversation.lead?.name ?? t('notifications.fallbackName');

  return (
    <PageContainer width="wide">
      <Link
        href="/my-cards"
        className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
        data-testid="conversation-back"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('conversation.back')}
      </Link>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="grid min-w-0 gap-1">
          <h1
            className="text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl"
            data-testid="conversation-title"
          >
            {t('conversation.title', { name })}
          </h1>
          <p className="text-slate-600">{t('conversation.subtitle', { card: cardName })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link href={`/red-list-management?businessCardId=${conversation.businessCardId}`}>
              <ShieldAlert aria-hidden="true" />
              {t('conversation.redList')}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link href={`/result/${conversation.businessCardId}`}>
              <Eye aria-hidden="true" />
              {t('conversation.openCard')}
            </Link>
          </Button>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section
          aria-labelledby="history-heading"
          className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          <h2
            id="history-heading"
            className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900"
          >
            {t('conversation.historyTitle')}
          </h2>
          <TakeoverSwitch conversation={conversation} />
          <MessageList messages={conversation.messages} customerId={customerId} />
          <p className="sr-only" role="status" aria-live="polite">
            {liveNote}
          </p>
          <ReplyBox customerId={customerId} />
        </section>

        <aside className="grid content-start gap-4">
          <LeadCard conversation={conversation} />
          <AssistantNotice cardId={conversation.businessCardId} compact />
        </aside>
      </div>
    </PageContainer>
  );
}

/**
 * A person from the booth answers instead of the assistant (issue 12, item 9): while on, the
 * assistant stays silent and the visitor sees that a person is answering.
 */
function TakeoverSwitch({ conversation }: { conversation: TConversation }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const handleAuthExpired = useAuthExpiredHandler();
  const labelId = useId();
  const hintId = useId();
  const { takeover } = conversation;
  // It ends by itself when the staff stays silent: ask again then, so the switch follows.
  useEffect(() => {
    if (!takeover.active || !takeover.expiresAt) return;
    const wait = Date.parse(takeover.expiresAt) - Date.now() + 1000;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: conversationKey(conversation.id) }),
      Math.max(0, Math.min(wait, 2 ** 31 - 1)),
    );
    return () => clearTimeout(timer);
  }, [takeover.active, takeover.expiresAt, queryClient, conversation.id]);
  const change = useMutation({
    mutationFn: (active: boolean) => setTakeover(conversation.id, active),
    onSuccess: (result) => {
      queryClient.setQueryData<TConversation>(conversationKey(conversation.id), (current) =>
        current ? { ...current, takeover: result.takeover } : current,
      );
      toast({
        title: result.takeover.active
          ? t('conversation.takeover.startedTitle')
          : t('conversation.takeover.releasedTitle'),
        variant: 'success',
      });
    },
    onError: (error) => {
      if (handleAuthExpired(error)) return;
      toast({
        title: t('conversation.takeover.failedTitle'),
        description: errorText(error, t('conversation.takeover.failedText')),
        variant: 'destructive',
      });
    },
  });
  const until = takeover.expiresAt
    ? new Date(takeover.expiresAt).toLocaleTimeString(i18n.language, {
        hour: '2-digit',
        minute: '2-digit',
      })
    : '';
  return (
    <div
      className={cn(
        'flex items-center gap-3 border-b px-4 py-3',
        takeover.active ? 'border-emerald-200 bg-emerald-50' : 'border-slate-200 bg-slate-50',
      )}
      data-testid="takeover"
      data-active={takeover.active}
    >
      <Headset
        aria-hidden="true"
        className={cn('size-5 shrink-0', takeover.active ? 'text-emerald-700' : 'text-slate-500')}
      />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span id={labelId} className="text-sm font-medium text-slate-900">
          {t('conversation.takeover.label')}
        </span>
        <span id={hintId} className="text-xs text-slate-600">
          {takeover.active
            ? t('conversation.takeover.activeHint', { time: until })
            : t('conversation.takeover.inactiveHint')}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={takeover.active}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        disabled={change.isPending}
        onClick={() => change.mutate(!takeover.active)}
        data-testid="takeover-switch"
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60',
          takeover.active ? 'bg-emerald-600' : 'bg-slate-300',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform duration-150',
            takeover.active ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </button>
    </div>
  );
}

function MessageList({
  messages,
  customerId,
}: {
  messages: TStoredChatMessage[];
  customerId: number;
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
          />
        ))}
      </ol>
    </div>
  );
}

function MessageBubble({
  message,
  customerId,
}: {
  message: TStoredChatMessage;
  customerId: number;
}) {
  const { t, i18n } = useTranslation();
  const fromVisitor = message.role === 'user';
  const role =
    message.role === 'user'
      ? t('conversation.roleUser')
      : message.role === 'agent'
        ? t('conversation.roleAgent')
        : t('conversation.roleAssistant');
  const Icon = message.role === 'user' ? UserRound : message.role === 'agent' ? UserRound : Bot;
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
      {message.citations && message.citations.length > 0 ? (
        <SourceChips citations={message.citations} />
      ) : null}
    </li>
  );
}

function SourceChips({ citations }: { citations: TCitation[] }) {
  const { t } = useTranslation();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const excerptId = useId();
  const open = openIndex === null ? undefined : citations[openIndex];
  return (
    <div className="flex max-w-[min(36rem,90%)] flex-col items-end gap-1.5">
      <ul className="flex flex-wrap justify-end gap-1.5" aria-label={t('conversation.sources')}>
        {citations.map((citation, index) => {
          const label =
            citation.page === null
              ? citation.documentName
              : t('conversation.sourcePage', { name: citation.documentName, page: citation.page });
          return (
            <li key={`${citation.documentName}-${citation.page ?? 0}-${index}`}>
              <button
                type="button"
                aria-expanded={openIndex === index}
                aria-controls={excerptId}
                onClick={() => setOpenIndex((value) => (value === index ? null : index))}
                data-testid="conversation-source"
                className={cn(
                  'inline-flex max-w-64 items-center gap-1 rounded-full border px-2.5 py-1 text-xs font-medium transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500',
                  openIndex === index
                    ? 'border-brand-300 bg-brand-100 text-brand-900'
                    : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50',
                )}
              >
                <FileText aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="truncate">{label}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {open ? (
        <blockquote
          id={excerptId}
          aria-label={t('conversation.sourceExcerpt', { name: open.documentName })}
          className="rounded-lg border-l-4 border-brand-300 bg-white px-3 py-2 text-xs text-slate-700 shadow-sm"
        >
          {open.excerpt}
        </blockquote>
      ) : null}
    </div>
  );
}

function ReplyBox({ customerId }: { customerId: number }) {
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

/** The visitor's interface language, by its native name (as the switchers show it). */
const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

const SOURCE_KEYS: Record<string, string> = {
  qr: 'conversation.sourceQr',
  link: 'conversation.sourceLink',
  share: 'conversation.sourceShare',
  poster: 'conversation.sourcePoster',
  direct: 'conversation.sourceDirect',
};

/** Where the visitor came from, in words (issue 12, item 12). */
function sourceText(source: string | null, t: (key: string) => string): string {
  return t(SOURCE_KEYS[source ?? 'direct'] ?? 'conversation.sourceDirect');
}

function LeadCard({ conversation }: { conversation: TConversation }) {
  const { t, i18n } = useTranslation();
  const lead = conversation.lead;
  const source = sourceText(conversation.source, t);
  return (
    <section
      aria-labelledby="lead-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="lead-card"
    >
      <h2 id="lead-heading" className="text-sm font-semibold text-slate-900">
        {t('conversation.leadTitle')}
      </h2>
      {lead ? (
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
          <LeadRow label={t('conversation.leadName')}>{lead.name}</LeadRow>
          <LeadRow label={t('conversation.leadCompany')}>{lead.company}</LeadRow>
          <LeadRow label={t('conversation.leadEmail')}>
            {lead.email ? (
              <a
                href={`mailto:${lead.email}`}
                className="text-brand-700 underline-offset-2 hover:underline"
              >
                {lead.email}
              </a>
            ) : null}
          </LeadRow>
          <LeadRow label={t('conversation.leadPhone')}>{lead.phone}</LeadRow>
        </dl>
      ) : (
        <p className="mt-2 text-sm text-slate-600" data-testid="lead-none">
          {t('conversation.leadNone')}
        </p>
      )}
      {lead?.phone || lead?.email ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {lead.phone ? (
            <Button asChild size="sm" variant="outline">
              <a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`} data-testid="lead-call">
                <Phone aria-hidden="true" />
                {t('conversation.call')}
              </a>
            </Button>
          ) : null}
          {lead.email ? (
            <Button asChild size="sm" variant="outline">
              <a href={`mailto:${lead.email}`}>
                <Mail aria-hidden="true" />
                {t('conversation.email')}
              </a>
            </Button>
          ) : null}
        </div>
      ) : null}
      <h3 className="mt-4 border-t border-slate-100 pt-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {t('conversation.visitTitle')}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
        <LeadRow label={t('conversation.source')}>{source}</LeadRow>
        {conversation.language && LANGUAGE_NAMES[conversation.language] ? (
          <LeadRow label={t('conversation.visitorLanguage')}>
            {LANGUAGE_NAMES[conversation.language]}
          </LeadRow>
        ) : null}
        <LeadRow label={t('conversation.firstSeen')}>
          {fullTimeText(conversation.createdAt, i18n.language)}
        </LeadRow>
        <LeadRow label={t('conversation.lastActivity')}>
          {fullTimeText(conversation.lastActivity, i18n.language)}
        </LeadRow>
      </dl>
    </section>
  );
}

function LeadRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children ?? '—'}</dd>
    </>
  );
}
