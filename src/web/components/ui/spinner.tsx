import { cva, type VariantProps } from 'class-variance-authority';
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/utils.ts';

const spinnerVariants = cva('motion-safe:animate-spin', {
  variants: {
    size: { small: 'size-4', medium: 'size-8', large: 'size-12' },
    variant: { primary: 'text-brand-600', secondary: 'text-slate-500', ghost: 'text-slate-400' },
  },
  defaultVariants: { size: 'medium', variant: 'primary' },
});

export type SpinnerProps = VariantProps<typeof spinnerVariants> & { className?: string };

/** A decorative spinning icon; pair it with text or use <Loading> for a labelled state. */
export function Spinner({ size, variant, className }: SpinnerProps) {
  return (
    <LoaderCircle
      aria-hidden="true"
      strokeWidth={2}
      className={cn(spinnerVariants({ size, variant }), className)}
    />
  );
}

export type LoadingProps = SpinnerProps & {
  /** Visible text under the spinner; `false` shows none (screen readers still hear "Loading"). */
  message?: string | false;
  /** Centre it in the page area. */
  fullPage?: boolean;
};

/** A spinner with a status message, announced to screen readers. */
export function Loading({ message, fullPage = false, size, variant, className }: LoadingProps) {
  const { t } = useTranslation();
  const text = message === undefined ? t('common.loading') : message;
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'flex flex-col items-center justify-center gap-3 text-slate-600',
        fullPage && 'min-h-[40vh] py-16',
        className,
      )}
    >
      <Spinner size={size} variant={variant} />
      {text ? (
        <p className="text-sm">{text}</p>
      ) : (
        <span className="sr-only">{t('common.loading')}</span>
      )}
    </div>
  );
}
