import { WifiOff } from './icons.tsx';
import type { Translate } from '#web/lib/chat/i18n.ts';

/** Explains why a message waits: shown while the browser reports no connection. */
export function OfflineBanner({ t }: { t: Translate }) {
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="shrink-0 border-b border-amber-200 bg-amber-50 px-3 py-2 text-amber-900"
    >
      <p className="mx-auto flex max-w-3xl items-start gap-2 text-sm">
        <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('chat.offline')}
      </p>
    </div>
  );
}
