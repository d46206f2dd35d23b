import { CircleCheck } from './icons.tsx';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ChatHttpError, isNetworkError, sendLead } from '#web/lib/chat/api.ts';
import { cx } from '#web/lib/chat/cx.ts';
import type { Translate } from '#web/lib/chat/i18n.ts';
import {
  EMPTY_LEAD,
  leadRequest,
  validateLead,
  type LeadField,
  type LeadForm,
} from '#web/lib/chat/lead.ts';
import { Sheet } from './sheet.tsx';

type Status = { kind: 'editing' } | { kind: 'sending' } | { kind: 'done'; name: string };

const inputClass =
  'h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40 aria-invalid:border-red-600';

/** "Leave your details": name, company, email, phone and a consent line, for the owner's leads. */
export function LeadSheet({
  t,
  open,
  onClose,
  cardId,
  company,
  onSent,
}: {
  t: Translate;
  open: boolean;
  onClose: () => void;
  cardId: number;
  company: string;
  onSent: () => void;
}) {
  const [form, setForm] = useState<LeadForm>(EMPTY_LEAD);
  // Field → text shown (a validation key translated, or the server's own words).
  const [errors, setErrors] = useState<Partial<Record<LeadField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const id = useId();
  const confirmation = useRef<HTMLDivElement>(null);
  // Once sent, the form is gone: the confirmation takes focus so it is read and Tab goes on.
  useEffect(() => {
    if (status.kind === 'done') confirmation.current?.focus();
  }, [status.kind]);

  const close = () => {
    onClose();
    if (status.kind === 'done') setStatus({ kind: 'editing' });
  };

  const change = (field: LeadField, value: string | boolean) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const problems = validateLead(form);
    const fields = Object.keys(problems) as LeadField[];
    if (fields.length > 0) {
      setErrors(Object.fromEntries(fields.map((field) => [field, t(problems[field] ?? '')])));
      document.getElementById(`${id}-${fields[0]}`)?.focus();
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      await sendLead(cardId, leadRequest(form));
      setStatus({ kind: 'done', name: form.name.trim() });
      onSent();
    } catch (error) {
      setStatus({ kind: 'editing' });
      if (error instanceof ChatHttpError && error.hasServerMessage) {
        const known = Object.entries(error.fields).filter(([field]) => field in EMPTY_LEAD);
        if (known.length > 0) setErrors(Object.fromEntries(known));
        else setFormError(error.message);
      } else {
        setFormError(isNetworkError(error) ? t('chat.offline') : t('chat.lead.failed'));
      }
    }
  };

  const field = (
    name: Exclude<LeadField, 'consent'>,
    type: string,
    autoComplete: string,
    optional: boolean,
  ) => {
    const error = errors[name];
    return (
      <div className="grid gap-1">
        <label htmlFor={`${id}-${name}`} className="text-sm font-medium text-slate-800">
          {t(`chat.lead.${name}`)}
          {optional ? (
            <span className="font-normal text-slate-500"> ({t('chat.lead.optional')})</span>
          ) : null}
        </label>
        <input
          id={`${id}-${name}`}
          data-testid={`lead-${name}`}
          type={type}
          autoComplete={autoComplete}
          value={form[name]}
          onChange={(event) => change(name, event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          className={inputClass}
        />
        {error ? (
          <p
            id={`${id}-${name}-error`}
            className="text-sm text-red-700"
            data-testid={`lead-${name}-error`}
          >
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <Sheet
      open={open}
      onClose={close}
      title={t('chat.lead.title')}
      closeLabel={t('chat.lead.close')}
      testId="lead-sheet"
    >
      {status.kind === 'done' ? (
        <div
          ref={confirmation}
          tabIndex={-1}
          data-testid="lead-confirmation"
          role="status"
          className="flex flex-col items-center gap-2 rounded-lg py-6 text-center focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <CircleCheck aria-hidden="true" className="size-10 text-emerald-600" />
          <p className="text-lg font-semibold text-slate-900">
            {t('chat.lead.doneTitle', { name: status.name })}
          </p>
          <p className="text-sm text-slate-600">{t('chat.lead.doneText', { company })}</p>
          <button
            type="button"
            onClick={close}
            className="mt-3 inline-flex h-11 items-center justify-center rounded-full bg-brand-700 px-6 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            {t('chat.lead.close')}
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-3">
          <p className="text-sm text-slate-600">{t('chat.lead.intro', { company })}</p>
          {field('name', 'text', 'name', false)}
          {field('company', 'text', 'organization', true)}
          {field('email', 'email', 'email', false)}
          {field('phone', 'tel', 'tel', false)}
          <p className="-mt-1 text-xs text-slate-500">{t('chat.lead.contactHint')}</p>
          <div className="grid gap-1">
            <label
              htmlFor={`${id}-consent`}
              className="flex min-h-11 cursor-pointer items-start gap-3 text-sm text-slate-800"
            >
              <input
                id={`${id}-consent`}
                data-testid="lead-consent"
                type="checkbox"
                checked={form.consent}
                onChange={(event) => change('consent', event.target.checked)}
                aria-invalid={errors.consent ? true : undefined}
                aria-describedby={errors.consent ? `${id}-consent-error` : undefined}
                className="mt-0.5 size-5 shrink-0 accent-brand-700"
              />
              <span>{t('chat.lead.consent', { company })}</span>
            </label>
            {errors.consent ? (
              <p id={`${id}-consent-error`} className="text-sm text-red-700">
                {errors.consent}
              </p>
            ) : null}
          </div>
          {formError ? (
            <p role="alert" className="text-sm text-red-700" data-testid="lead-error">
              {formError}
            </p>
          ) : null}
          <button
            type="submit"
            data-testid="lead-submit"
            disabled={status.kind === 'sending'}
            className={cx(
              'inline-flex h-11 items-center justify-center rounded-full bg-brand-700 px-6 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60',
            )}
          >
            {status.kind === 'sending' ? t('chat.lead.sending') : t('chat.lead.submit')}
          </button>
        </form>
      )}
    </Sheet>
  );
}
