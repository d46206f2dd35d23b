import { X } from './icons.tsx';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cx } from '#web/lib/chat/cx.ts';

export interface SheetProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  children: ReactNode;
  testId?: string;
  className?: string;
}

/**
 * A bottom sheet on phones, a centred panel on wider screens. The native <dialog> gives the
 * focus trap, Escape, the inert page behind and focus going back to the opener, for no code.
 */
export function Sheet({
  open,
  onClose,
  title,
  closeLabel,
  children,
  testId,
  className,
}: SheetProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={onClose}
      // A tap on the dimmed backdrop (the dialog box itself, outside its content) closes it.
      onClick={(event) => {
        if (event.target === ref.current) ref.current.close();
      }}
      className={cx(
        'fixed inset-x-0 top-auto bottom-0 m-0 max-h-[85dvh] w-full max-w-none overflow-hidden rounded-t-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40 sm:inset-0 sm:m-auto sm:h-fit sm:max-w-lg sm:rounded-2xl',
        className,
      )}
    >
      {open ? (
        <div className="flex max-h-[85dvh] flex-col">
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 py-1 pr-1 pl-4">
            <h2 id={titleId} className="min-w-0 truncate text-base font-semibold">
              {title}
            </h2>
            <button
              type="button"
              onClick={() => ref.current?.close()}
              aria-label={closeLabel}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <div className="overflow-y-auto overscroll-contain px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))]">
            {children}
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
