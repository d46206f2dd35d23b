import { QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { cn } from '#web/lib/utils.ts';

/** The DocuCard mark and word, linking home. */
export function Logo({ className, onDark = false }: { className?: string; onDark?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      href="/"
      aria-label={t('nav.logoLabel')}
      className={cn(
        'inline-flex items-center gap-2 rounded-md font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
        onDark ? 'text-white' : 'text-slate-900',
        className,
      )}
    >
      <span className="inline-flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-brand-500 to-brand-800 text-white">
        <QrCode aria-hidden="true" className="size-5" />
      </span>
      <span className="text-base min-[400px]:text-lg">{t('app.name')}</span>
    </Link>
  );
}
