import { useId, type ReactElement, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Slot } from '@radix-ui/react-slot';
import { cn } from '#web/lib/utils.ts';
import { Label } from './label.tsx';

/** Errors set from a server answer carry this type: their message is already translated text. */
export const SERVER_ERROR_TYPE = 'server';

/**
 * The text of a field error: schema messages are i18n keys (`validation.*`), server messages
 * are shown as they came.
 */
export function useFieldErrorText(error: FieldError | undefined): string | undefined {
  const { t } = useTranslation();
  if (!error?.message) return undefined;
  return error.type === SERVER_ERROR_TYPE ? error.message : t(error.message);
}

export interface FormFieldProps {
  label: ReactNode;
  error?: FieldError;
  hint?: ReactNode;
  optional?: boolean;
  /** Marked before submit: a visible * after the label, aria-required on the control. */
  required?: boolean;
  className?: string;
  /** The control; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement;
}

/**
 * The visible mark of a required field. Hidden from screen readers: the control itself says
 * it is required (aria-required), and the form explains the mark once (RequiredNote).
 */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 font-semibold text-red-700" data-required-mark>
      *
    </span>
  );
}

/** "Fields marked * are required.", once above a form that marks its required fields. */
export function RequiredNote({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={cn('text-sm text-slate-600', className)} data-testid="required-note">
      {t('common.requiredNote')}
    </p>
  );
}

/** A label above the control and its error under it, wired for screen readers. */
export function FormField({
  label,
  error,
  hint,
  optional,
  required,
  className,
  children,
}: FormFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const errorText = useFieldErrorText(error);
  const describedBy = [hint ? hintId : null, errorText ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
        {optional ? (
          <>
            {' '}
            <span className="font-normal text-slate-500">({t('common.optional')})</span>
          </>
        ) : null}
      </Label>
      <Slot
        id={id}
        aria-invalid={errorText ? true : undefined}
        aria-required={required ? true : undefined}
        aria-describedby={describedBy || undefined}
      >
        {children}
      </Slot>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {errorText ? (
        <p id={errorId} className="text-sm text-red-700">
          {errorText}
        </p>
      ) : null}
    </div>
  );
}
