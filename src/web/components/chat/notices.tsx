import { CircleAlert, X } from './icons.tsx';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TOAST_DURATION_MS } from '#shared/limits.ts';
import type { Translate } from '#web/lib/chat/i18n.ts';

/**
 * A notice's text: a key, translated when the notice is drawn (a notice raised while the
 * visitor's language is still loading reads right once it arrives), or a text already written
 * in the visitor's language (a message from the server).
 */
export type NoticeText = string | { key: string; values?: Record<string, string | number> };

export interface Notice {
  title: NoticeText;
  description?: NoticeText;
}

/**
 * The chat's own toast: one at a time, gone after 5 s, announced to screen
 * readers. The app's Radix toaster stays out of the visitor bundle.
 */
export function useNotices() {
  const [notice, setNotice] = useState<(Notice & { id: number }) | null>(null);
  const counter = useRef(0);

  const notify = useCallback((next: Notice) => {
    counter.current += 1;
    setNotice({ ...next, id: counter.current });
  }, []);
  const dismiss = useCallback(() => setNotice(null), []);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  return { notice, notify, dismiss };
}

export function NoticeView({
  notice,
  onDismiss,
  dismissLabel,
  t,
}: {
  notice: Notice | null;
  onDismiss: () => void;
  dismissLabel: string;
  t: Translate;
}) {
  const text = (value: NoticeText) =>
    typeof value === 'string' ? value : t(value.key, value.values);
  return (
    <div
      aria-live="assertive"
      className="pointer-events-none fixed inset-x-0 top-[max(0.5rem,env(safe-area-inset-top))] z-50 flex justify-center px-3"
    >
      {notice ? (
        <div
          role="alert"
          data-testid="chat-notice"
          className="pointer-events-auto motion-safe:animate-[fade-in_200ms_ease-out] flex w-full max-w-md items-start gap-3 rounded-xl border border-red-200 bg-white py-3 pr-1 pl-3 text-sm shadow-lg"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-600" />
          <div className="min-w-0 flex-1 py-0.5">
            <p className="font-semibold text-slate-900">{text(notice.title)}</p>
            {notice.description ? (
              <p className="mt-0.5 text-slate-700">{text(notice.description)}</p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={onDismiss}
            aria-label={dismissLabel}
            className="-my-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
