import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { z } from 'zod';
import { USER_EXISTS_MESSAGE } from '#shared/errors.ts';
import {
  ZRegisterForm,
  type TRegisterForm,
  type TRegisterRequest,
  type TRegisterResponse,
} from '#shared/schemas/auth.ts';
import { AuthCard } from '../components/auth/auth-card.tsx';
import { PasswordInput } from '../components/auth/password-input.tsx';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../components/ui/alert-dialog.tsx';
import { Button } from '../components/ui/button.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { PendingButton, SubmitButton } from '../components/ui/submit-button.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { apiRequest, errorText, isApiError } from '../lib/api.ts';
import { applyServerFieldErrors } from '../lib/form-errors.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

type RegisterFormOutput = z.output<typeof ZRegisterForm>;

const FIELD_NAMES = [
  'username',
  'email',
  'password',
  'confirmPassword',
  'organization',
  'phone',
  'logoUrl',
  'vipPromotionCode',
] as const;

const EMPTY_FORM: TRegisterForm = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  organization: '',
  phone: '',
  logoUrl: '',
  vipPromotionCode: '',
};

interface RegisterResult {
  email: string;
  updated: boolean;
  verificationSent: boolean;
}

function isUserExists(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.code === 'USER_EXISTS' ||
      (error.status === 409 && error.message.includes(USER_EXISTS_MESSAGE)))
  );
}

export default function RegisterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('register.title'));
  const [result, setResult] = useState<RegisterResult | null>(null);
  const [pendingOverwrite, setPendingOverwrite] = useState<TRegisterRequest | null>(null);

  const form = useForm<TRegisterForm, unknown, RegisterFormOutput>({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: EMPTY_FORM,
  });
  const { register, handleSubmit, setError, formState } = form;
  const { errors } = formState;

  const mutation = useMutation({
    mutationFn: (payload: TRegisterRequest) =>
      apiRequest<TRegisterResponse>('POST', '/api/auth/register', payload),
    onSuccess: (response, payload) => {
      setPendingOverwrite(null);
      setResult({
        email: response.user.email || payload.email,
        updated: response.updated,
        verificationSent: response.verificationSent,
      });
    },
    onError: (error, payload) => {
      if (!payload.overwrite && isUserExists(error)) {
        setPendingOverwrite(payload);
        return;
      }
      setPendingOverwrite(null);
      applyServerFieldErrors(error, FIELD_NAMES, setError);
      toast({
        title: payload.overwrite ? t('register.overwriteFailedTitle') : t('register.failedTitle'),
        description: errorText(error, t('register.failedText')),
        variant: 'destructive',
      });
    },
  });

  const onSubmit = handleSubmit((values) => {
    const { confirmPassword: _confirm, ...payload } = values;
    mutation.mutate(payload);
  });

  if (result) return <RegisterSuccess result={result} />;

  const pending = mutation.isPending;
  return (
    <AuthCard
      title={t('register.title')}
      description={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link href="/login" className="font-medium text-brand-700 hover:underline">
            {t('register.loginLink')}
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
        <FormField label={t('register.username')} error={errors.username}>
          <Input autoComplete="username" {...register('username')} />
        </FormField>
        <FormField label={t('register.email')} error={errors.email}>
          <Input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </FormField>
        <FormField
          label={t('register.password')}
          error={errors.password}
          hint={t('register.passwordHint')}
        >
          <PasswordInput autoComplete="new-password" {...register('password')} />
        </FormField>
        <FormField label={t('register.confirmPassword')} error={errors.confirmPassword}>
          <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>

        <fieldset className="grid gap-4 border-t border-slate-200 pt-4">
          <legend className="pr-2 text-sm font-semibold text-slate-900">
            {t('register.companySection')}
          </legend>
          <FormField label={t('register.organization')} optional error={errors.organization}>
            <Input autoComplete="organization" {...register('organization')} />
          </FormField>
          <FormField label={t('register.phone')} optional error={errors.phone}>
            <Input type="tel" autoComplete="tel" {...register('phone')} />
          </FormField>
          <FormField
            label={t('register.logoUrl')}
            optional
            error={errors.logoUrl}
            hint={t('register.logoUrlHint')}
          >
            <Input type="url" inputMode="url" placeholder="https://" {...register('logoUrl')} />
          </FormField>
          <FormField
            label={t('register.vipPromotionCode')}
            optional
            error={errors.vipPromotionCode}
          >
            <Input autoComplete="off" {...register('vipPromotionCode')} />
          </FormField>
        </fieldset>

        <SubmitButton
          pending={pending}
          pendingLabel={t('register.submitting')}
          size="lg"
          className="mt-2 w-full"
        >
          {t('register.submit')}
        </SubmitButton>
      </form>

      <AlertDialog
        open={pendingOverwrite !== null}
        onOpenChange={(open) => {
          if (!open && !pending) setPendingOverwrite(null);
        }}
      >
        <AlertDialogContent data-testid="overwrite-dialog">
          <AlertDialogHeader>
            <AlertDialogTitle>{t('register.overwriteTitle')}</AlertDialogTitle>
            <AlertDialogDescription>{t('register.overwriteText')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>{t('common.cancel')}</AlertDialogCancel>
            <PendingButton
              pending={pending}
              pendingLabel={t('register.overwriting')}
              onClick={() => {
                if (pendingOverwrite) mutation.mutate({ ...pendingOverwrite, overwrite: true });
              }}
            >
              {t('register.overwriteConfirm')}
            </PendingButton>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </AuthCard>
  );
}

function RegisterSuccess({ result }: { result: RegisterResult }) {
  const { t } = useTranslation();
  const title = result.updated ? t('register.updatedTitle') : t('register.successTitle');
  return (
    <AuthCard title={title} testId="register-success">
      <div className="grid gap-5">
        <div className="flex items-start gap-3">
          {result.verificationSent ? (
            <MailCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-600" />
          ) : (
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-600" />
          )}
          <div className="grid gap-2 text-slate-700">
            {result.updated ? <p>{t('register.updatedText')}</p> : null}
            {result.verificationSent ? (
              <p>{t('register.verificationSentText', { email: result.email })}</p>
            ) : null}
            {result.verificationSent ? (
              <p className="text-sm text-slate-600">{t('register.verifyHint')}</p>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link href="/login">{t('register.goLogin')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/">{t('common.backHome')}</Link>
          </Button>
        </div>
      </div>
    </AuthCard>
  );
}
