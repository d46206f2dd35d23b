import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGO_ACCEPT, LOGO_MAX_BYTES } from '#shared/limits.ts';
import { formatBytes, logoRejection, type LogoRejection } from '#web/lib/cards/upload-rules.ts';
import { cn } from '#web/lib/utils.ts';
import { Button } from '../ui/button.tsx';
import { RequiredMark } from '../ui/form-field.tsx';
import { toast } from '../ui/use-toast.ts';

/** A preview URL for a chosen file, released when the file changes. */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** The logo rule in words ("PNG, JPG, GIF or WebP, up to 5 MB."): one text on every screen. */
export function useLogoRule(): string {
  const { t, i18n } = useTranslation();
  return t('logo.rule', { size: formatBytes(LOGO_MAX_BYTES, i18n.language) });
}

/** The refusal of a chosen file, as a destructive toast naming the rule. */
export function useLogoRejectionToast(): (reason: LogoRejection) => void {
  const { t, i18n } = useTranslation();
  return (reason) =>
    toast({
      title: reason === 'tooLarge' ? t('logo.tooLargeTitle') : t('logo.wrongTypeTitle'),
      description:
        reason === 'tooLarge'
          ? t('logo.tooLargeText', { size: formatBytes(LOGO_MAX_BYTES, i18n.language) })
          : t('logo.wrongTypeText'),
      variant: 'destructive',
    });
}

/**
 * An image picker with preview. The real file input stays in the tab order (visually hidden),
 * so Tab, Enter and Space work; the whole tile is its label, so a click opens the picker.
 * The logo rule (limits.ts) is the same wherever it is used, and is always shown in the hint.
 */
export function LogoPicker({
  label,
  hint,
  file,
  onChange,
  onReject,
  error,
  currentUrl,
  required = false,
  disabled = false,
  testId = 'logo-input',
}: {
  label: string;
  /** What this screen adds to the rule ("Only this card changes."). */
  hint?: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** A refused file; by default a toast names the rule. */
  onReject?: (reason: LogoRejection) => void;
  error?: string;
  /** The logo already saved, shown until a new file is chosen. */
  currentUrl?: string | null;
  /** Marked as required (a visible * and the input's required state). */
  required?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  const shown = preview ?? currentUrl ?? null;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const rule = useLogoRule();
  const rejectionToast = useLogoRejectionToast();
  const reject = onReject ?? rejectionToast;

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const reason = logoRejection(chosen);
    if (reason) {
      reject(reason);
      if (input.current) input.current.value = '';
      return;
    }
    onChange(chosen);
  };

  return (
    <div className="grid grid-cols-1 gap-1.5">
      <span className="text-sm font-medium text-slate-800" id={`${id}-label`}>
        {label}
        {required ? <RequiredMark /> : null}
      </span>
      <label
        htmlFor={id}
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => {
          event.preventDefault();
          if (!disabled) choose(event.dataTransfer.files[0]);
        }}
        className={cn(
          'flex cursor-pointer items-center gap-4 rounded-xl border-2 border-dashed bg-white p-4 transition-colors duration-150 has-[:focus-visible]:border-brand-500 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/40',
          error ? 'border-red-400' : 'border-slate-300 hover:border-brand-400 hover:bg-brand-50/40',
          disabled && 'pointer-events-none opacity-60',
        )}
      >
        <span className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full border border-slate-200 bg-slate-50">
          {shown ? (
            <img
              src={shown}
              alt={t('logo.previewAlt')}
              data-testid="logo-preview"
              className="size-full object-cover"
            />
          ) : (
            <ImagePlus aria-hidden="true" className="size-8 text-slate-400" />
          )}
        </span>
        <span className="grid min-w-0 gap-1">
          <span className="text-sm font-medium text-brand-700">
            {file ? t('logo.change') : t('logo.choose')}
          </span>
          {file ? (
            <span className="truncate text-sm text-slate-700" data-testid="logo-file-name">
              {file.name} · {formatBytes(file.size, i18n.language)}
            </span>
          ) : null}
          <span id={hintId} className="text-xs text-slate-600" data-testid={`${testId}-hint`}>
            {hint ? `${rule} ${hint}` : rule}
          </span>
        </span>
        <input
          ref={input}
          id={id}
          type="file"
          accept={LOGO_ACCEPT}
          className="sr-only"
          required={required}
          disabled={disabled}
          data-testid={testId}
          aria-labelledby={`${id}-label`}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          onChange={(event) => choose(event.target.files?.[0])}
        />
      </label>
      {file ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="ghost"
            size="sm"
            disabled={disabled}
            onClick={() => {
              onChange(null);
              if (input.current) input.current.value = '';
            }}
          >
            <X aria-hidden="true" />
            {t('logo.remove')}
          </Button>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
