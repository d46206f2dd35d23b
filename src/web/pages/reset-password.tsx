import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, CircleX } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { z } from 'zod';
import { ZResetPasswordForm, type TResetPasswordForm } from '#shared/schemas/auth.ts';
import { AuthCard } from '../components/auth/auth-card.tsx';
import { PasswordInput } from '../components/auth/password-input.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { apiRequest, errorText, isApiError } from '../lib/api.ts';
import { applyServerFieldErrors } from '../lib/form-errors.ts';
import { useLinkToken } from '../lib/link-token.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** The page a reset mail links to: a new password twice, then on to the login. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('passwordReset.title'));
  const token = useLinkToken();
  const [linkError, setLinkError] = useState<string | null>(
    token ? null : t('passwordReset.missingToken'),
  );

  const form = useForm<TResetPasswordForm, unknown, z.output<typeof ZResetPasswordForm>>({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: (password: string) =>
      apiRequest<{ ok: true }>('POST', '/api/auth/reset-password', { token, password }),
    onError: (error) => {
      if (isApiError(error) && error.code === 'INVALID_TOKEN') {
        setLinkError(error.message);
        return;
      }
      applyServerFieldErrors(error, ['password'], form.setError);
      toast({
        title: t('passwordReset.failedTitle'),
        description: errorText(error, t('general.tryAgain')),
        variant: 'destructive',
      });
    },
  });
  const onSubmit = form.handleSubmit((values) => mutation.mutate(values.password));
  const pending = mutation.isPending;

  if (mutation.isSuccess) {
    return (
      <AuthCard title={t('passwordReset.successTitle')} testId="reset-password-success">
        <div className="grid gap-5">
          <div className="flex items-start gap-3" role="status">
            <CircleCheck aria-hidden="true" className="size-7 shrink-0 text-emerald-600" />
            <p className="text-slate-700">{t('passwordReset.successText')}</p>
          </div>
          <Button asChild className="justify-self-start">
            <Link href="/login">{t('passwordReset.goToLogin')}</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  if (linkError) {
    return (
      <AuthCard title={t('passwordReset.title')} testId="reset-password-error">
        <div className="grid gap-5">
          <Alert variant="destructive" role="alert">
            <CircleX aria-hidden="true" />
            <p>{linkError}</p>
          </Alert>
          <Button asChild variant="outline" className="justify-self-start">
            <Link href="/forgot-password">{t('passwordReset.requestNew')}</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('passwordReset.title')} description={t('passwordReset.subtitle')}>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-4"
        aria-busy={pending}
        data-testid="reset-password-form"
      >
        <FormField label={t('passwordReset.password')} error={errors.password}>
          <PasswordInput autoComplete="new-password" autoFocus {...form.register('password')} />
        </FormField>
        <FormField label={t('passwordReset.confirmPassword')} error={errors.confirmPassword}>
          <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        <SubmitButton
          pending={pending}
          pendingLabel={t('passwordReset.submitting')}
          size="lg"
          className="mt-2 w-full"
        >
          {t('passwordReset.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
