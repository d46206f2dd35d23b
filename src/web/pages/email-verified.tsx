import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { z } from 'zod';
import { AFTER_LOGIN_PATH } from '#shared/client-routes.ts';
import {
  ZResendVerificationRequest,
  type TResendVerificationRequest,
} from '#shared/schemas/auth.ts';
import { AuthCard } from '../components/auth/auth-card.tsx';
import { Button } from '../components/ui/button.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { Loading, Spinner } from '../components/ui/spinner.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { apiRequest, errorText } from '../lib/api.ts';
import { applyServerFieldErrors } from '../lib/form-errors.ts';
import { useCurrentUser } from '../lib/session.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

type VerificationOutcome =
  { status: 'success' } | { status: 'error'; message: string | null; messageKey: string | null };

/** Error values the server may send as codes instead of text; shown in the reader's language. */
const KNOWN_ERROR_KEYS: Record<string, string> = {
  expired: 'verify.expired',
  used: 'verify.used',
  invalid: 'verify.invalidLink',
  invalidLink: 'verify.invalidLink',
  'verify.expired': 'verify.expired',
  'verify.used': 'verify.used',
  'verify.invalidLink': 'verify.invalidLink',
};

/** success=true is success, error=<text> is that error, neither is an invalid link. */
export function readVerificationOutcome(search: string): VerificationOutcome {
  const params = new URLSearchParams(search);
  if (params.get('success') === 'true') return { status: 'success' };
  const error = params.get('error')?.trim();
  if (!error) return { status: 'error', message: null, messageKey: 'verify.invalidLink' };
  const key = KNOWN_ERROR_KEYS[error];
  return key
    ? { status: 'error', message: null, messageKey: key }
    : { status: 'error', message: error, messageKey: null };
}

export default function EmailVerifiedPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('emailVerified.title'));
  const search = useSearch();
  const [outcome, setOutcome] = useState<VerificationOutcome | null>(null);
  const { user } = useCurrentUser();

  useEffect(() => {
    setOutcome(readVerificationOutcome(search));
  }, [search]);

  if (!outcome) return <Loading fullPage message={t('emailVerified.loading')} />;

  if (outcome.status === 'success') {
    return (
      <AuthCard title={t('emailVerified.successTitle')} testId="email-verified-success">
        <div className="grid gap-5">
          <div className="flex items-start gap-3" role="status">
            <CircleCheck aria-hidden="true" className="size-7 shrink-0 text-emerald-600" />
            <p className="text-slate-700">
              {user ? t('emailVerified.successSignedIn') : t('emailVerified.successText')}
            </p>
          </div>
          <Button asChild className="justify-self-start">
            {user ? (
              <Link href={AFTER_LOGIN_PATH}>{t('emailVerified.goMyCards')}</Link>
            ) : (
              <Link href="/login">{t('emailVerified.goLogin')}</Link>
            )}
          </Button>
        </div>
      </AuthCard>
    );
  }

  const message = outcome.messageKey ? t(outcome.messageKey) : outcome.message;
  return (
    <AuthCard title={t('emailVerified.errorTitle')} testId="email-verified-error">
      <div className="grid gap-5">
        <div className="flex items-start gap-3">
          <CircleX aria-hidden="true" className="size-7 shrink-0 text-red-600" />
          <p className="text-slate-800" data-testid="email-verified-message">
            {message}
          </p>
        </div>
        <section className="grid gap-2" aria-labelledby="verify-causes">
          <h2 id="verify-causes" className="text-sm font-semibold text-slate-900">
            {t('emailVerified.causesTitle')}
          </h2>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>{t('emailVerified.causeExpired')}</li>
            <li>{t('emailVerified.causeModified')}</li>
            <li>{t('emailVerified.causeAlreadyVerified')}</li>
            <li>{t('emailVerified.causeNetwork')}</li>
          </ul>
        </section>
        <p className="text-sm text-slate-700">{t('emailVerified.whatNext')}</p>
        {/* A new link for the same account, or the login: never a second registration. */}
        <ResendLink />
        <Button asChild variant="outline" className="justify-self-start">
          {user ? (
            <Link href={AFTER_LOGIN_PATH}>{t('emailVerified.goMyCards')}</Link>
          ) : (
            <Link href="/login">{t('emailVerified.tryLogin')}</Link>
          )}
        </Button>
      </div>
    </AuthCard>
  );
}

/** Asks for a new verification mail (answered the same whether or not the address is known). */
function ResendLink() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<
    TResendVerificationRequest,
    unknown,
    z.output<typeof ZResendVerificationRequest>
  >({
    resolver: zodResolver(ZResendVerificationRequest),
    defaultValues: { email: '' },
  });
  const mutation = useMutation({
    mutationFn: (payload: TResendVerificationRequest) =>
      apiRequest<{ ok: true }>('POST', '/api/auth/resend-verification', payload),
    onSuccess: (_response, payload) => setSentTo(payload.email),
    onError: (error) => {
      applyServerFieldErrors(error, ['email'], form.setError);
      toast({
        title: t('login.resendFailedTitle'),
        description: errorText(error, t('general.tryAgain')),
        variant: 'destructive',
      });
    },
  });
  const onSubmit = form.handleSubmit((values) => mutation.mutate(values));

  if (sentTo) {
    return (
      <p
        role="status"
        className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900"
        data-testid="verify-resent"
      >
        {t('emailVerified.resent', { email: sentTo })}
      </p>
    );
  }
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-3 rounded-lg border border-slate-200 p-4"
      aria-busy={mutation.isPending}
      data-testid="verify-resend"
    >
      <FormField label={t('emailVerified.resendEmail')} error={form.formState.errors.email}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <Button type="submit" disabled={mutation.isPending} className="justify-self-start">
        {mutation.isPending ? <Spinner size="small" className="text-current" /> : null}
        {mutation.isPending ? t('login.resending') : t('emailVerified.resend')}
      </Button>
    </form>
  );
}
