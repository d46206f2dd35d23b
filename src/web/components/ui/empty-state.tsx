import type { ComponentType, ReactNode } from 'react';
import { cn } from '#web/lib/utils.ts';

/** A list with nothing in it yet: what would be here, and the one action that fills it. */
export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
  testId,
  className,
}: {
  icon: ComponentType<{ 'aria-hidden'?: boolean | 'true'; className?: string }>;
  title: string;
  text: string;
  action: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-4 rounded-xl border-2 border-dashed border-slate-300 bg-white px-6 py-14 text-center',
        className,
      )}
      data-testid={testId}
    >
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <div className="grid gap-1">
        <p className="text-lg font-semibold text-slate-900">{title}</p>
        <p className="max-w-md text-sm text-slate-600">{text}</p>
      </div>
      {action}
    </div>
  );
}
