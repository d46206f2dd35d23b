import { Eye, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AnswerDialog, type AnswerDraft } from '#web/components/answers/answer-dialog.tsx';
import { QuestionsLink } from '#web/components/answers/questions-link.tsx';
import { LeadCard } from '#web/components/conversation/lead-card.tsx';
import { MessageHistory } from '#web/components/conversation/message-history.tsx';
import { ReplyBox } from '#web/components/conversation/reply-box.tsx';
import { TakeoverSwitch } from '#web/components/conversation/takeover-switch.tsx';
import { useTranslationSupport } from '#web/components/conversation/use-translation-support.ts';
import { BackLink } from '#web/components/layout/back-link.tsx';
import { ProviderNotice } from '#web/components/marketing/social-provider-notice.tsx';
import { PageContainer } from '#web/components/layout/app-layout.tsx';
import { AssistantNotice } from '#web/components/redlist/assistant-notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useCard } from '#web/lib/cards/queries.ts';
import type { TConversation } from '#web/lib/notifications/conversation.ts';

/** The loaded conversation: its history with the reply box, and the visitor beside it. */
export function ConversationView({
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
  const [draft, setDraft] = useState<AnswerDraft | null>(null);
  const translation = useTranslationSupport(conversation.businessCardId);
  /** Given while translating may work: the translate actions show. */
  const onProviderMissing = translation.available ? translation.refused : undefined;

  return (
    <PageContainer width="wide">
      <BackLink href="/my-cards" label={t('conversation.back')} testId="conversation-back" />
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
          <QuestionsLink
            cardId={conversation.businessCardId}
            size="default"
            variant="outline"
            testId="conversation-questions"
          />
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
          <MessageHistory
            messages={conversation.messages}
            customerId={customerId}
            onSaveAsAnswer={(question, answer) => setDraft({ kind: 'new', question, answer })}
            onProviderMissing={onProviderMissing}
          />
          {translation.notice ? (
            <div className="px-3 pb-3 sm:px-4" data-testid="translation-provider-notice">
              <ProviderNotice message={translation.notice} cardId={conversation.businessCardId} />
            </div>
          ) : null}
          <p className="sr-only" role="status" aria-live="polite">
            {liveNote}
          </p>
          <ReplyBox customerId={customerId} onProviderMissing={onProviderMissing} />
        </section>

        <aside className="grid content-start gap-4">
          <LeadCard conversation={conversation} />
          <AssistantNotice cardId={conversation.businessCardId} compact />
        </aside>
      </div>
      <AnswerDialog
        cardId={conversation.businessCardId}
        draft={draft}
        onClose={() => setDraft(null)}
      />
    </PageContainer>
  );
}
