import { Copy, QrCode, Smartphone } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { withSource } from '#shared/chat-source.ts';
import { phoneStartCommand, type TPublicOrigin } from '#shared/schemas/public-origin.ts';
import { usePublicOrigin } from '#web/lib/public-origin.ts';
import { cn } from '#web/lib/utils.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { toast } from '../ui/use-toast.ts';

/*
 * The owner sees the exact address the card's QR code encodes and, when that
 * address names the computer itself (http://localhost:…), that no buyer's phone can open it —
 * with the one line that starts the server so phones on the booth's network can.
 */

function CopyButton({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: t('phoneReach.copied'), variant: 'success' });
    } catch {
      toast({ title: t('phoneReach.copyFailed'), variant: 'destructive' });
    }
  };
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={() => void copy()}
      className="shrink-0"
      data-testid={testId}
    >
      <Copy aria-hidden="true" />
      {t('phoneReach.copy')}
    </Button>
  );
}

/**
 * A line to type or paste, in a monospace box that wraps instead of overflowing; where the box
 * would be narrow (a phone, a card tile) the copy button goes under it instead of beside it.
 */
function CodeLine({ text, testId }: { text: string; testId: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code
        className="min-w-0 grow basis-64 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs leading-relaxed wrap-anywhere text-slate-900 select-all"
        data-testid={testId}
      >
        {text}
      </code>
      <CopyButton text={text} testId={`${testId}-copy`} />
    </div>
  );
}

/**
 * Phones cannot open the server's public origin: why, in plain words, and the one line that
 * fixes it (with this computer's real address and port), or that there is no such address.
 * `compact` is the short form beside QR downloads.
 */
export function PhoneReachWarning({
  reach,
  compact = false,
  className,
}: {
  reach: TPublicOrigin;
  compact?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  if (reach.phonesCanReach) return null;
  const [lan, ...others] = reach.lanOrigins;
  return (
    <Alert
      variant="warning"
      className={cn('min-w-0', className)}
      data-testid={compact ? 'phone-reach-warning-compact' : 'phone-reach-warning'}
    >
      <Smartphone aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-2">
        <p className="font-semibold">
          {compact ? t('phoneReach.compactTitle', { origin: reach.origin }) : t('phoneReach.title')}
        </p>
        {!compact && <p>{t('phoneReach.why', { origin: reach.origin })}</p>}
        {lan ? (
          <>
            <p>{t('phoneReach.fix')}</p>
            <CodeLine
              text={phoneStartCommand(lan)}
              testId={compact ? 'phone-fix-command-compact' : 'phone-fix-command'}
            />
            {!compact && <p>{t('phoneReach.afterFix')}</p>}
            {!compact && others.length > 0 && (
              <p data-testid="phone-other-addresses">
                {t('phoneReach.otherAddresses', { addresses: others.join(', ') })}
              </p>
            )}
          </>
        ) : (
          <p data-testid="phone-no-lan">{t('phoneReach.noLan')}</p>
        )}
      </div>
    </Alert>
  );
}

/** The compact warning for a place that offers QR downloads; nothing while phones can get there. */
export function QrDownloadsReach({ className }: { className?: string }) {
  const reach = usePublicOrigin();
  if (!reach.data || reach.data.phonesCanReach) return null;
  return <PhoneReachWarning reach={reach.data} compact className={className} />;
}

/** The card page's "your QR code opens …" with the warning when phones cannot get there. */
export function QrDestination({ chatUrl }: { chatUrl: string }) {
  const { t } = useTranslation();
  const reach = usePublicOrigin();
  const titleId = useId();
  // Exactly what the card's back, the PNG, the SVG and the PDF encode.
  const encoded = withSource(chatUrl, 'qr');
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4"
      data-testid="qr-destination"
    >
      <div className="flex items-center gap-2">
        <QrCode aria-hidden="true" className="size-5 text-brand-700" />
        <h2 id={titleId} className="text-sm font-semibold text-slate-800">
          {t('phoneReach.opensTitle')}
        </h2>
      </div>
      <CodeLine text={encoded} testId="qr-destination-url" />
      {reach.data?.phonesCanReach === true && (
        <p className="text-sm text-slate-600" data-testid="phone-reach-ok">
          {t('phoneReach.reachable')}
        </p>
      )}
      {reach.data && <PhoneReachWarning reach={reach.data} />}
    </section>
  );
}
