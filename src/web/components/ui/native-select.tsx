import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/utils.ts';

/** A styled native <select>: keyboard, screen reader and phone pickers work out of the box. */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative inline-flex', className)}>
      <select
        className="h-10 w-full cursor-pointer appearance-none rounded-lg border border-slate-300 bg-white pr-8 pl-3 text-sm text-slate-900 transition-colors duration-150 hover:border-slate-400 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40"
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
}
