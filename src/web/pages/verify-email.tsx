import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import type { z } from 'zod';
import {
  ZVerifyEmailForm,
  type TUserResponse,
  type TVerificationLinkResponse,
  type TVerifyEmailForm,
} from '#shared/schemas/auth.ts';
import { AuthCard } from '../components/auth/auth-card.tsx';
import { PasswordInput } from '../components/auth/password-input.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Loading } from '../components/ui/spinner.tsx';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { apiRequest, errorText, isApiError } from '../lib/api.ts';
import { applyServerFieldErrors } from '../lib/form-errors.ts';
import { useLinkToken } from '../lib/link-token.ts';
import { CURRENT_USER_KEY, setCurrentUser } from '../lib/session.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** Where a link that cannot be used is explained (the reason in the reader's language). */
const failedPath = (message: string) => `/email-verified?error=${encodeURIComponent(message)}`;

/**
 * The page a verification mail links to. The link alone verifies nothing: its holder types the
 * password chosen at registration (or a new one), or for a new address the account's own; the
 * address is then verified and the holder signed in.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('verifyEmail.title'));
  const token = useLinkToken();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  const link = useQuery({
    queryKey: ['verification-link', token],
    queryFn: () =>
      apiRequest<TVerificationLinkResponse>('POST', '/api/auth/verification-link', { token }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

  const form = useForm<TVerifyEmailForm, unknown, z.output<typeof ZVerifyEmailForm>>({
    resolver: zodResolver(ZVerifyEmailForm),
    defaultValues: { password: '' },
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: (password: string) =>
      apiRequest<TUserResponse>('POST', '/api/auth/verify-email', { token, password }),
    onSuccess: ({ user }) => {
      setCurrentUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      toast({ title: t('verifyEmail.successToast'), variant: 'success' });
      navigate('/email-verified?success=true', { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && (error.code === 'INVALID_TOKEN' || error.code === 'CONFLICT')) {
        navigate(failedPath(error.message), { replace: true });
        return;
      }
      applyServerFieldErrors(error, ['password'], form.setError);
      toast({
        title: t('verifyEmail.failedTitle'),
        description: errorText(error, t('general.tryAgain')),
        variant: 'destructive',
      });
    },
  });

  if (!token) return <Redirect to={failedPath(t('verify.invalidLink'))} replace />;
  if (link.isPending) return <Loading fullPage message={t('verifyEmail.checking')} />;
  if (link.isError) {
    return <Redirect to={failedPath(errorText(link.error, t('verify.invalidLink')))} replace />;
  }

  const { purpose, username, email } = link.data;
  const onSubmit = form.handleSubmit((values) => mutation.mutate(values.password));
  const pending = mutation.isPending;
  const forRegistration = purpose === 'registration';

  return (
    <AuthCard
      title={t('verifyEmail.title')}
      description={
        forRegistration
          ? t('verifyEmail.registrationText', { username })
          : t('verifyEmail.emailChangeText', { username, email })
      }
      testId="verify-email"
    >
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-4"
        aria-busy={pending}
        data-testid="verify-email-form"
      >
        <FormField
          label={forRegistration ? t('verifyEmail.password') : t('verifyEmail.currentPassword')}
          error={errors.password}
        >
          <PasswordInput
            autoComplete={forRegistration ? 'new-password' : 'current-password'}
            autoFocus
            {...form.register('password')}
          />
        </FormField>
        <SubmitButton
          pending={pending}
          pendingLabel={t('verifyEmail.submitting')}
          size="lg"
          className="mt-2 w-full"
        >
          {t('verifyEmail.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
