import { FileQuestion, RotateCw, WifiOff } from '#web/components/chat/icons.tsx';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useAnnouncements } from '#web/components/campaigns/announcements.tsx';
import { ChatHeader } from '#web/components/chat/chat-header.tsx';
import { Composer } from '#web/components/chat/composer.tsx';
import { Welcome } from '#web/components/chat/welcome.tsx';
import { useSuggestedQuestions } from '#web/lib/chat/use-suggestions.ts';
import { NoticeView, useNotices } from '#web/components/chat/notices.tsx';
import { OfflineBanner } from '#web/components/chat/offline-banner.tsx';
import type { ViewerState } from '#web/components/source-preview/lazy-source-viewer.tsx';
import type { Citation } from '#web/lib/chat/api.ts';
import { setChatLanguage, useChatI18n, type Translate } from '#web/lib/chat/i18n.ts';
import { useOnline } from '#web/lib/chat/use-online.ts';
import { useVisitorChat, type ChatProblem } from '#web/lib/chat/use-visitor-chat.ts';
import { deferredModule, useDeferredModule } from '#web/lib/deferred-module.ts';

/*
 * Fetched when needed, not with the page (what a QR scan transfers is weighed by
 * scripts/chat-bundle-size.mjs): the conversation's parts once there is a message, the lead
 * sheet when the visitor opens it, an announcement's banner and the offer of notifications
 * (shown once the first answer is there) when an announcement arrives or a message is sent.
 */
const answersModule = deferredModule(() => import('#web/components/chat/answers.tsx'));
const leadSheetModule = deferredModule(() => import('#web/components/chat/lead-sheet.tsx'));
const announcementViewsModule = deferredModule(
  () => import('#web/components/campaigns/announcement-views.tsx'),
);

/** Keeps the newest message in view while the visitor is at the bottom of the list. */
function useStickToBottom(dependency: unknown) {
  const list = useRef<HTMLElement>(null);
  const atBottom = useRef(true);
  useEffect(() => {
    const element = list.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [dependency]);
  const onScroll = useCallback(() => {
    const element = list.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
  }, []);
  return { list, onScroll };
}

function CenteredState({
  icon,
  title,
  text,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
  testId: string;
}) {
  return (
    <div
      data-testid={testId}
      className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-12 text-center"
    >
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </span>
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {text ? <p className="max-w-sm text-slate-600">{text}</p> : null}
      {action}
    </div>
  );
}

export function NotFoundState({ t, short = false }: { t: Translate; short?: boolean }) {
  useEffect(() => {
    document.title = short ? t('chat.notFound.pageTitle') : t('chat.notFound.title');
  }, [short, t]);
  return (
    <CenteredState
      testId={short ? 'not-found-short' : 'chat-not-found'}
      icon={<FileQuestion aria-hidden="true" className="size-7" />}
      title={short ? t('chat.notFound.pageTitle') : t('chat.notFound.title')}
      text={short ? undefined : t('chat.notFound.text')}
      action={
        // A full load: the visitor page carries none of the app around it.
        <a
          href="/"
          className="mt-2 inline-flex min-h-11 items-center rounded-full px-4 font-medium text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {t('chat.notFound.home')}
        </a>
      }
    />
  );
}

/** A person from the booth has taken over: the assistant is silent, their replies come live. */
function TakeoverBanner({ t }: { t: Translate }) {
  return (
    <div
      role="status"
      data-testid="chat-takeover-banner"
      className="flex items-center justify-center gap-2 border-b border-emerald-200 bg-emerald-50 px-4 py-2 text-sm font-medium text-emerald-900"
    >
      <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-emerald-600" />
      {t('chat.takeover.banner')}
    </div>
  );
}

/** The visitor chat for one card. */
export function ChatPage({ cardId }: { cardId: number }) {
  const { t, language } = useChatI18n();
  const online = useOnline();
  const { notice, notify, dismiss } = useNotices();
  const [source, setSource] = useState<Citation | null>(null);
  const [viewer, setViewer] = useState<ViewerState | null>(null);
  const closeViewer = useCallback(() => setViewer(null), []);
  const [leadOpen, setLeadOpen] = useState(false);
  const [detailsSent, setDetailsSent] = useState(false);

  const onProblem = useCallback(
    (problem: ChatProblem) => {
      if (problem.kind === 'imageFailed')
        notify({
          title: { key: 'chat.errors.imageAnalysisTitle' },
          description: problem.message ?? { key: 'chat.errors.imageAnalysisText' },
        });
      else if (problem.kind === 'rateFailed')
        notify({
          title: { key: 'chat.errors.title' },
          description: problem.message ?? { key: 'chat.feedback.failed' },
        });
      else
        notify({
          title: { key: 'chat.errors.title' },
          description: problem.message ?? { key: 'chat.errors.sendFailed' },
        });
    },
    [notify],
  );

  const announcements = useAnnouncements(cardId);
  const chat = useVisitorChat(cardId, {
    online,
    onProblem,
    onLiveEvent: announcements.onLiveEvent,
  });
  const info = chat.load.status === 'ready' ? chat.load.info : null;
  const company = info?.companyName || info?.username || t('chat.theCompany');
  const suggestions = useSuggestedQuestions(cardId, language, info?.suggestedQuestions);
  // A part's code that did not arrive: say so; it is asked for again when next needed.
  const notifyNotLoaded = useCallback(
    () =>
      notify({ title: { key: 'chat.errors.title' }, description: { key: 'chat.errors.loadText' } }),
    [notify],
  );
  const answers = useDeferredModule(
    answersModule,
    (chat.items.length > 0 || chat.analyzing) && online,
    notifyNotLoaded,
  );
  const leadSheet = useDeferredModule(
    leadSheetModule,
    leadOpen,
    useCallback(() => {
      setLeadOpen(false);
      notifyNotLoaded();
    }, [notifyNotLoaded]),
  );
  const answered = chat.items.some((item) => item.role === 'assistant' && !item.state);
  // Fetched with the first question rather than after its answer: the answer can be the last
  // thing the fair's network lets through for a while.
  const announcementViews = useDeferredModule(
    announcementViewsModule,
    announcements.current !== null || (info !== null && chat.items.length > 0),
  );
  const { list, onScroll } = useStickToBottom([chat.items, chat.analyzing, answers]);
  // Screen readers hear each new answer or company reply once it is complete (not every
  // streamed word, and not the history shown on opening).
  const announced = chat.items.findLast(
    (item) =>
      !item.state &&
      (item.key.endsWith(':answer') || (item.role === 'agent' && item.key.startsWith('agent-'))),
  );

  useEffect(() => {
    if (info) document.title = t('chat.documentTitle', { company });
    else if (chat.load.status === 'loading') document.title = t('chat.fallbackTitle');
  }, [info, company, chat.load.status, t]);

  let body: ReactNode;
  if (chat.load.status === 'notFound') body = <NotFoundState t={t} />;
  else if (chat.load.status === 'error')
    body = (
      <CenteredState
        testId="chat-load-error"
        icon={<WifiOff aria-hidden="true" className="size-7" />}
        title={t('chat.errors.loadTitle')}
        text={t('chat.errors.loadText')}
        action={
          <button
            type="button"
            onClick={chat.reload}
            className="mt-2 inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            <RotateCw aria-hidden="true" className="size-4" />
            {t('chat.errors.retry')}
          </button>
        }
      />
    );
  else
    body = (
      <>
        <main
          ref={list}
          onScroll={onScroll}
          aria-busy={chat.load.status === 'loading'}
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
        >
          <div className="mx-auto max-w-3xl px-3 py-4 sm:px-4">
            {chat.load.status === 'loading' ? (
              <p role="status" className="py-10 text-center text-sm text-slate-500">
                {t('chat.loading')}
              </p>
            ) : chat.items.length === 0 && !chat.analyzing ? (
              <Welcome
                t={t}
                company={company}
                suggestions={suggestions}
                disabled={chat.busy}
                onAsk={(question) => chat.send(question)}
              />
            ) : null}
            <ol
              aria-label={t('chat.messages.label')}
              data-testid="chat-messages"
              className="flex flex-col gap-3"
            >
              {answers &&
                chat.items.map((item) => (
                  <answers.MessageBubble
                    key={item.key}
                    t={t}
                    item={item}
                    onOpenSource={setSource}
                    onPreview={setViewer}
                    onRetry={chat.retry}
                    onRate={chat.rate}
                  />
                ))}
              {chat.analyzing && answers ? <answers.AnalyzingIndicator t={t} /> : null}
            </ol>
          </div>
        </main>
        <Composer
          t={t}
          disabled={chat.load.status !== 'ready'}
          busy={chat.busy}
          onSend={(text, image) => chat.send(text, image)}
          onNotice={notify}
        />
      </>
    );

  return (
    <div
      data-testid="chat-page"
      data-status={chat.load.status}
      // The first touch or focus fetches the conversation's code: a question typed after the
      // fair's network dropped still shows as waiting.
      onPointerDown={answersModule.preload}
      onFocus={answersModule.preload}
      className="flex h-dvh flex-col overflow-hidden bg-slate-50 text-slate-900"
    >
      <ChatHeader
        t={t}
        info={info}
        cardId={chat.load.status === 'notFound' ? null : cardId}
        language={language}
        onLanguage={(next) => void setChatLanguage(next)}
        onLeaveDetails={() => setLeadOpen(true)}
        detailsSent={detailsSent}
      />
      {!online ? <OfflineBanner t={t} /> : null}
      {chat.humanAnswering && chat.load.status === 'ready' ? <TakeoverBanner t={t} /> : null}
      {announcements.current && announcementViews ? (
        <announcementViews.AnnouncementBanner
          t={t}
          announcement={announcements.current}
          onReact={announcements.react}
        />
      ) : null}
      {info && answered && announcementViews ? (
        <announcementViews.PushOptIn t={t} cardId={info.businessCardId} />
      ) : null}
      {body}
      {answers ? (
        <>
          <answers.CitationSheet t={t} citation={source} onClose={() => setSource(null)} />
          <answers.LazySourceViewer t={t} state={viewer} onClose={closeViewer} />
        </>
      ) : null}
      {info && leadSheet ? (
        <leadSheet.LeadSheet
          t={t}
          open={leadOpen}
          onClose={() => setLeadOpen(false)}
          cardId={info.businessCardId}
          company={company}
          onSent={() => setDetailsSent(true)}
        />
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announced ? announced.content : ''}
      </p>
      <NoticeView
        notice={notice}
        onDismiss={dismiss}
        dismissLabel={t('chat.errors.dismiss')}
        t={t}
      />
    </div>
  );
}
