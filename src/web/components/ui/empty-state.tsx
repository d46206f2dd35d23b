import type { ComponentType, ReactNode } from 'react';
import { cn } from '#web/lib/utils.ts';

const VARIANTS = {
  /** A list with nothing in it yet: what would be here, and the one action that fills it. */
  empty: {
    frame: 'border-2 border-dashed border-slate-300 py-14',
    icon: 'bg-brand-50 text-brand-700',
    title: 'text-lg',
    text: 'max-w-md',
  },
  /** What the screen is about does not exist: the page's heading, and the way back. */
  notFound: {
    frame: 'border border-slate-200 py-12 shadow-sm',
    icon: 'bg-slate-100 text-slate-600',
    title: 'text-xl',
    text: '',
  },
} as const;

/**
 * A centred panel instead of content: an icon, a title, a line of text and one action. `empty`
 * (the default) for a list with nothing in it yet; `notFound` for a screen whose subject is
 * missing, where the title is the page's `<h1>`.
 */
export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
  testId,
  className,
  variant = 'empty',
}: {
  icon: ComponentType<{ 'aria-hidden'?: boolean | 'true'; className?: string }>;
  title: string;
  text: string;
  action: ReactNode;
  testId?: string;
  className?: string;
  variant?: keyof typeof VARIANTS;
}) {
  const look = VARIANTS[variant];
  const Title = variant === 'notFound' ? 'h1' : 'p';
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-4 rounded-xl bg-white px-6 text-center',
        look.frame,
        className,
      )}
      data-testid={testId}
    >
      <span
        className={cn('inline-flex size-14 items-center justify-center rounded-full', look.icon)}
      >
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <div className="grid gap-1">
        <Title className={cn('font-semibold text-slate-900', look.title)}>{title}</Title>
        <p className={cn('text-sm text-slate-600', look.text)}>{text}</p>
      </div>
      {action}
    </div>
  );
}
