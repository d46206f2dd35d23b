import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationClient } from '#web/lib/notifications/client.ts';
import { conversationKey } from '#web/lib/notifications/conversation.ts';
import { useNotificationEvents, useNotificationState } from '#web/lib/notifications/hooks.ts';

/** The assistant's answer follows the visitor's message the notification announced. */
const ANSWER_FOLLOW_UP_MS = 2500;

/**
 * Keeps an open conversation live: a notification about this visitor (or another agent's
 * reply, or a takeover) refreshes it, and once it is loaded its new notifications count as
 * read. Returns the words for the screen reader's live region.
 */
export function useConversationLive(customerId: number, loaded: boolean): string {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [liveNote, setLiveNote] = useState('');
  const followUp = useRef<ReturnType<typeof setTimeout> | null>(null);

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
  useEffect(() => {
    if (!loaded) return;
    for (const notification of notifications) {
      if (notification.customerId === customerId && notification.status === 'new') {
        notificationClient.acknowledge(notification.id);
      }
    }
  }, [loaded, notifications, customerId]);

  return liveNote;
}
