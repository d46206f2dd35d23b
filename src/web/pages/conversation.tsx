import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { ConversationProblem } from '#web/components/conversation/conversation-problem.tsx';
import { ConversationView } from '#web/components/conversation/conversation-view.tsx';
import { useConversationLive } from '#web/components/conversation/use-conversation-live.ts';
import { PageContainer } from '#web/components/layout/app-layout.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api.ts';
import { useConversation } from '#web/lib/notifications/conversation.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** /conversations/{customerId}: the owner reads a visitor's chat and answers in person. */
export default function ConversationPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('conversation.documentTitle'));
  const params = useParams<{ customerId: string }>();
  const customerId = Number(params.customerId);
  const conversation = useConversation(customerId);
  const liveNote = useConversationLive(customerId, conversation.isSuccess);

  if (conversation.isPending) {
    return (
      <PageContainer width="wide">
        <Loading fullPage />
      </PageContainer>
    );
  }
  if (conversation.isError) {
    return (
      <ConversationProblem
        notFound={isApiError(conversation.error) && conversation.error.status === 404}
        onRetry={() => void conversation.refetch()}
      />
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
