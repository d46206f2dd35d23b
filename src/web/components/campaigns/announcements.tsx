import { useCallback, useEffect, useState } from 'react';
import type { TAnnouncement } from '#shared/campaigns.ts';
import { LANGUAGE_HEADER } from '#shared/limits.ts';
import { chatLanguage } from '#web/lib/chat/i18n.ts';

/*
 * The visitor's side of an exhibitor's push campaigns: the newest announcement as
 * a dismissable banner (from GET /api/chat/:id/announcements and, live, from the chat's event
 * stream) and the opt-in to Web Push. Kept free of zod and lucide-react: this is the visitor
 * bundle. This file keeps the data; what is drawn (./announcement-views.tsx) is fetched only
 * when there is something to show.
 */

export const post = (url: string, body?: unknown) =>
  fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: {
      [LANGUAGE_HEADER]: chatLanguage(),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });

/** An announcement from a live event of GET /api/chat/events, else null. */
export function parseAnnouncementEvent(data: string): TAnnouncement | null {
  try {
    const event = JSON.parse(data) as { type?: unknown; announcement?: Partial<TAnnouncement> };
    const a = event.announcement;
    if (event.type !== 'announcement' || !a || typeof a.id !== 'number') return null;
    if (typeof a.title !== 'string' || typeof a.message !== 'string') return null;
    return {
      id: a.id,
      title: a.title,
      message: a.message,
      actionText: a.actionText ?? null,
      actionUrl: a.actionUrl ?? null,
      icon: null,
      urgency: a.urgency ?? null,
      deliveredAt: a.deliveredAt ?? null,
      clickedAt: null,
      dismissedAt: null,
    };
  } catch {
    return null;
  }
}

/** The visitor's announcements on this card (a new visitor has none yet), kept live. */
export function useAnnouncements(cardId: number) {
  const [items, setItems] = useState<TAnnouncement[]>([]);
  useEffect(() => {
    let cancelled = false;
    fetch(`/api/chat/${cardId}/announcements`, { credentials: 'include', cache: 'no-store' })
      .then((response) => (response.ok ? response.json() : { announcements: [] }))
      .then((body: { announcements: TAnnouncement[] }) => {
        if (!cancelled) setItems(body.announcements);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [cardId]);

  const onLiveEvent = useCallback((data: string) => {
    const announcement = parseAnnouncementEvent(data);
    if (!announcement) return;
    setItems((list) =>
      list.some((item) => item.id === announcement.id) ? list : [announcement, ...list],
    );
  }, []);

  const react = useCallback((id: number, reaction: 'click' | 'dismiss') => {
    const now = new Date().toISOString();
    setItems((list) =>
      list.map((item) =>
        item.id !== id
          ? item
          : reaction === 'dismiss'
            ? { ...item, dismissedAt: now }
            : { ...item, clickedAt: item.clickedAt ?? now },
      ),
    );
    void post(`/api/push/deliveries/${id}/${reaction}`).catch(() => undefined);
  }, []);

  const current = items.find((item) => !item.dismissedAt) ?? null;
  return { current, onLiveEvent, react };
}
