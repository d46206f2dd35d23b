import { type KeyboardEvent, useState } from 'react';
import type { TAnnouncement } from '#shared/campaigns.ts';
import { Bell, Megaphone, X } from '../chat/icons.tsx';
import type { Translate } from '#web/lib/chat/i18n.ts';
import { post } from './announcements.tsx';

/*
 * The banner of an exhibitor's announcement and the offer to receive them as notifications,
 * on the visitor chat. Its own chunk (chat-page.tsx): a buyer who just scanned the card sees
 * neither before an announcement arrives or the first answer is there.
 */

/** The newest announcement not yet dismissed: Escape or the close button dismisses it. */
export function AnnouncementBanner({
  t,
  announcement,
  onReact,
}: {
  t: Translate;
  announcement: TAnnouncement;
  onReact: (id: number, reaction: 'click' | 'dismiss') => void;
}) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onReact(announcement.id, 'dismiss');
  };
  return (
    <section
      aria-label={t('chat.campaign.label')}
      data-testid="chat-announcement"
      onKeyDown={onKeyDown}
      className="shrink-0 border-b border-brand-200 bg-brand-50 px-3 py-2 text-slate-900"
    >
      <div className="mx-auto flex max-w-3xl items-start gap-3" role="status">
        <Megaphone className="mt-1 size-5 shrink-0 text-brand-700" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words">{announcement.title}</p>
          <p className="text-sm break-words text-slate-700">{announcement.message}</p>
          {announcement.actionUrl ? (
            <a
              href={announcement.actionUrl}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => onReact(announcement.id, 'click')}
              className="mt-1 inline-flex min-h-11 items-center rounded-full bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              {announcement.actionText || announcement.actionUrl}
            </a>
          ) : null}
        </div>
        <button
          type="button"
          aria-label={t('chat.campaign.dismiss')}
          onClick={() => onReact(announcement.id, 'dismiss')}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <X className="size-5" />
        </button>
      </div>
    </section>
  );
}

const OPT_OUT_KEY = 'docucard.pushOptIn.later';

function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

function urlBase64ToBytes(value: string): Uint8Array<ArrayBuffer> {
  const padded = (value + '='.repeat((4 - (value.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function subscribe(cardId: number): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(permission);
  const registration = await navigator.serviceWorker.register('/push-sw.js', { scope: '/chat/' });
  const ready = await navigator.serviceWorker.ready.then(() => registration);
  const keyResponse = await fetch('/api/push/vapid-public-key');
  const { publicKey } = (await keyResponse.json()) as { publicKey: string };
  const subscription =
    (await ready.pushManager.getSubscription()) ??
    (await ready.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: urlBase64ToBytes(publicKey),
    }));
  const saved = await post(`/api/chat/${cardId}/push-subscription`, subscription.toJSON());
  if (!saved.ok) throw new Error(String(saved.status));
}

type OptInState = 'hidden' | 'offer' | 'working' | 'on' | 'failed';

/** A slim offer to get this exhibitor's announcements as notifications ("not now" is kept). */
export function PushOptIn({ t, cardId }: { t: Translate; cardId: number }) {
  const [state, setState] = useState<OptInState>(() => {
    if (!pushSupported() || Notification.permission === 'denied') return 'hidden';
    try {
      if (localStorage.getItem(OPT_OUT_KEY)) return 'hidden';
    } catch {
      // Storage blocked: offer it.
    }
    return Notification.permission === 'granted' ? 'hidden' : 'offer';
  });
  if (state === 'hidden') return null;
  const later = () => {
    try {
      localStorage.setItem(OPT_OUT_KEY, '1');
    } catch {
      // Nothing to remember it in.
    }
    setState('hidden');
  };
  const enable = () => {
    setState('working');
    subscribe(cardId).then(
      () => setState('on'),
      () => setState('failed'),
    );
  };
  return (
    <div
      data-testid="push-opt-in"
      className="shrink-0 border-b border-slate-200 bg-white px-3 text-slate-700"
    >
      <div className="mx-auto flex max-w-3xl items-center gap-2">
        <Bell className="size-4 shrink-0 text-brand-700" />
        <p className="min-w-0 flex-1 py-1 text-xs sm:text-sm" role="status">
          {state === 'on'
            ? t('chat.campaign.enabled')
            : state === 'failed'
              ? t('chat.campaign.failed')
              : t('chat.campaign.hint')}
        </p>
        {state === 'offer' || state === 'working' ? (
          <button
            type="button"
            onClick={enable}
            disabled={state === 'working'}
            className="inline-flex min-h-11 shrink-0 items-center rounded-full px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-60"
          >
            {t('chat.campaign.enable')}
          </button>
        ) : null}
        <button
          type="button"
          onClick={later}
          aria-label={
            state === 'offer' || state === 'working'
              ? t('chat.campaign.notNow')
              : t('chat.campaign.close')
          }
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <X className="size-4" />
        </button>
      </div>
    </div>
  );
}
