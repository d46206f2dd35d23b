import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { z } from 'zod';
import {
  ZLoginRequest,
  ZResendVerificationRequest,
  type TLoginRequest,
  type TLoginResponse,
  type TResendVerificationRequest,
} from '#shared/schemas/auth.ts';
import { AFTER_LOGIN_PATH, safeNextPath } from '#shared/client-routes.ts';
import { AuthCard } from '../components/auth/auth-card.tsx';
import { landingAfterLogin } from '../components/onboarding/queries.ts';
import { PasswordInput } from '../components/auth/password-input.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { apiRequest, errorText, isApiError } from '../lib/api.ts';
import { applyServerFieldErrors } from '../lib/form-errors.ts';
import { CURRENT_USER_KEY, setCurrentUser } from '../lib/session.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

interface NotVerifiedState {
  message: string;
  /** What the user typed as their login: an email can receive the new mail directly. */
  identifier: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('login.title'));
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  // Back to the page they came for (same-site paths only), else their cards — or the
  // onboarding guide, which opens by itself until its welcome is answered or it is done.
  const asked = safeNextPath(new URLSearchParams(useSearch()).get('next'));
  const [notVerified, setNotVerified] = useState<NotVerifiedState | null>(null);

  const form = useForm<TLoginRequest, unknown, z.output<typeof ZLoginRequest>>({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: (payload: TLoginRequest) =>
      apiRequest<TLoginResponse>('POST', '/api/auth/login', payload),
    onSuccess: async ({ user, firstLogin }) => {
      setCurrentUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      toast({
        title: t('login.successTitle'),
        // The account's first sign-in is greeted, not welcomed back (decided by the server).
        description: firstLogin
          ? t('login.firstLoginText', { username: user.username })
          : t('login.successText', { username: user.username }),
        variant: 'success',
      });
      const next = asked ?? (await landingAfterLogin(queryClient, AFTER_LOGIN_PATH));
      navigate(next, { replace: true });
    },
    onError: (error, payload) => {
      if (isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED') {
        setNotVerified({ message: error.message, identifier: payload.username.trim() });
        return;
      }
      setNotVerified(null);
      applyServerFieldErrors(error, ['username', 'password'], form.setError);
      toast({
        title: t('login.failedTitle'),
        description: errorText(error, t('login.failedText')),
        variant: 'destructive',
      });
    },
  });

  const onSubmit = form.handleSubmit((values) => mutation.mutate(values));
  const pending = mutation.isPending;

  return (
    <AuthCard
      title={t('login.title')}
      description={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link href="/register" className="font-medium text-brand-700 hover:underline">
            {t('login.registerLink')}
          </Link>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-4"
        aria-busy={pending}
      >
        <FormField label={t('login.username')} error={errors.username}>
          <Input autoComplete="username" {...form.register('username')} />
        </FormField>
        <FormField label={t('login.password')} error={errors.password}>
          <PasswordInput autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <Link
          href="/forgot-password"
          data-testid="forgot-password-link"
          className="-mt-2 justify-self-end rounded-sm text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {t('login.forgotLink')}
        </Link>
        <SubmitButton
          pending={pending}
          pendingLabel={t('login.submitting')}
          size="lg"
          className="mt-2 w-full"
        >
          {t('login.submit')}
        </SubmitButton>
      </form>
      {notVerified ? <ResendVerification state={notVerified} /> : null}
    </AuthCard>
  );
}

function looksLikeEmail(value: string): boolean {
  return ZResendVerificationRequest.safeParse({ email: value }).success;
}

/** Shown after a 403 EMAIL_NOT_VERIFIED: the server's message and a way to get a new mail. */
function ResendVerification({ state }: { state: NotVerifiedState }) {
  const { t } = useTranslation();
  const knownEmail = looksLikeEmail(state.identifier) ? state.identifier : '';
  const [sent, setSent] = useState(false);

  const form = useForm<
    TResendVerificationRequest,
    unknown,
    z.output<typeof ZResendVerificationRequest>
  >({
    resolver: zodResolver(ZResendVerificationRequest),
    defaultValues: { email: knownEmail },
  });

  const mutation = useMutation({
    mutationFn: (payload: TResendVerificationRequest) =>
      apiRequest<{ ok: true }>('POST', '/api/auth/resend-verification', payload),
    onSuccess: (_response, payload) => {
      setSent(true);
      toast({
        title: t('login.resentTitle'),
        description: t('login.resentText', { email: payload.email }),
        variant: 'success',
      });
    },
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
  const pending = mutation.isPending;

  return (
    <Alert variant="warning" className="mt-5 flex-col sm:flex-row" data-testid="email-not-verified">
      <MailWarning aria-hidden="true" />
      <div className="grid w-full gap-3">
        <p className="font-semibold">{t('login.notVerifiedTitle')}</p>
        <p>{state.message}</p>
        {sent ? (
          <p className="font-medium">{t('login.resentShort')}</p>
        ) : (
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-3">
            {knownEmail ? null : (
              <FormField label={t('login.resendEmailLabel')} error={form.formState.errors.email}>
                <Input
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  {...form.register('email')}
                />
              </FormField>
            )}
            <SubmitButton
              pending={pending}
              pendingLabel={t('login.resending')}
              variant="outline"
              className="justify-self-start"
            >
              {t('login.resend')}
            </SubmitButton>
          </form>
        )}
      </div>
    </Alert>
  );
}
