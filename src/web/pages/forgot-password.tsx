import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { z } from 'zod';
import { ZForgotPasswordRequest, type TForgotPasswordRequest } from '#shared/schemas/auth.ts';
import { AuthCard } from '../components/auth/auth-card.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { apiRequest, errorText } from '../lib/api.ts';
import { applyServerFieldErrors } from '../lib/form-errors.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** "Forgot password": asks for a reset link; the answer never says whether the address exists. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('forgotPassword.title'));

  const form = useForm<TForgotPasswordRequest, unknown, z.output<typeof ZForgotPasswordRequest>>({
    resolver: zodResolver(ZForgotPasswordRequest),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: (payload: z.output<typeof ZForgotPasswordRequest>) =>
      apiRequest<{ ok: true }>('POST', '/api/auth/forgot-password', payload),
    onError: (error) => {
      applyServerFieldErrors(error, ['email'], form.setError);
      toast({
        title: t('forgotPassword.failedTitle'),
        description: errorText(error, t('general.tryAgain')),
        variant: 'destructive',
      });
    },
  });
  const onSubmit = form.handleSubmit((values) => mutation.mutate(values));
  const pending = mutation.isPending;
  const sentTo = mutation.isSuccess ? mutation.variables.email : null;

  return (
    <AuthCard
      title={t('forgotPassword.title')}
      description={sentTo ? undefined : t('forgotPassword.subtitle')}
      footer={
        <Link href="/login" className="font-medium text-brand-700 hover:underline">
          {t('forgotPassword.backToLogin')}
        </Link>
      }
    >
      {sentTo ? (
        <Alert variant="info" data-testid="forgot-password-sent" role="status">
          <MailCheck aria-hidden="true" />
          <div className="grid gap-1">
            <p className="font-semibold">{t('forgotPassword.sentTitle')}</p>
            <p>{t('forgotPassword.sentText', { email: sentTo })}</p>
          </div>
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="grid gap-4"
          aria-busy={pending}
        >
          <FormField label={t('forgotPassword.email')} error={errors.email}>
            <Input
              type="email"
              autoComplete="email"
              inputMode="email"
              autoFocus
              {...form.register('email')}
            />
          </FormField>
          <SubmitButton
            pending={pending}
            pendingLabel={t('forgotPassword.submitting')}
            size="lg"
            className="mt-2 w-full"
          >
            {t('forgotPassword.submit')}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
