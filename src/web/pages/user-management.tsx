import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  KeyRound,
  LogOut,
  MailCheck,
  ShieldAlert,
  TriangleAlert,
  UserRound,
} from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { z } from 'zod';
import {
  ZChangePasswordForm,
  ZProfileUpdateRequest,
  type TChangePasswordForm,
  type TProfileUpdateRequest,
  type TProfileUpdateResponse,
  type TPublicUser,
} from '#shared/schemas/auth.ts';
import { PageContainer, PageHeader } from '../components/layout/app-layout.tsx';
import { Alert } from '../components/ui/alert.tsx';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../components/ui/alert-dialog.tsx';
import { Button } from '../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../components/ui/card.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { PasswordInput } from '../components/auth/password-input.tsx';
import { Label } from '../components/ui/label.tsx';
import { Loading, Spinner } from '../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { apiRequest, errorText, isApiError } from '../lib/api.ts';
import { applyServerFieldErrors } from '../lib/form-errors.ts';
import { setCurrentUser, useCurrentUser, useDeleteAccount, useLogout } from '../lib/session.ts';
import { knownTimeZones, useRememberTimeZone } from '../lib/time-zone.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { runtimeTimeZone } from '#shared/time-zone.ts';

const PROFILE_FIELDS = [
  'username',
  'email',
  'organization',
  'phone',
  'logoUrl',
  'vipPromotionCode',
  'timeZone',
] as const;

function profileDefaults(user: TPublicUser): TProfileUpdateRequest {
  return {
    username: user.username,
    // A pending new address is what the user asked for; the current one stays until confirmed.
    email: user.pendingEmail ?? user.email,
    organization: user.organization ?? '',
    phone: user.phone ?? '',
    logoUrl: user.logoUrl ?? '',
    vipPromotionCode: user.vipPromotionCode ?? '',
    // The browser's zone until the owner chooses one (it is then stored on saving).
    timeZone: user.timeZone ?? runtimeTimeZone() ?? '',
  };
}

export default function UserManagementPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('account.title'));
  const [, navigate] = useLocation();
  const { user, isLoading, isError } = useCurrentUser();
  const signedOut = !isLoading && !isError && !user;

  // A 401 (signed out) goes to /login.
  useEffect(() => {
    if (signedOut) navigate('/login', { replace: true });
  }, [signedOut, navigate]);

  if (isLoading) return <Loading fullPage />;
  if (isError) return <PleaseLogIn />;
  if (!user) return <Loading fullPage message={t('auth.redirecting')} />;
  return <AccountScreen user={user} />;
}

/** The profile could not be loaded for a reason other than "signed out". */
function PleaseLogIn() {
  const { t } = useTranslation();
  return (
    <PageContainer width="narrow">
      <Card>
        <CardHeader>
          <CardTitle>{t('account.pleaseLogInTitle')}</CardTitle>
          <CardDescription>{t('account.loadFailedText')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          <Button asChild>
            <Link href="/login">{t('nav.login')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/">{t('common.backHome')}</Link>
          </Button>
        </CardContent>
      </Card>
    </PageContainer>
  );
}

function AccountScreen({ user }: { user: TPublicUser }) {
  const { t, i18n } = useTranslation();
  useRememberTimeZone(user);
  const logout = useLogout();
  const memberSince = new Date(user.createdAt);
  return (
    <PageContainer>
      <Link
        href="/"
        className="mb-4 inline-flex items-center gap-1 rounded-md text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('common.backHome')}
      </Link>
      <PageHeader
        title={t('account.title')}
        description={
          Number.isNaN(memberSince.getTime())
            ? user.email
            : t('account.subtitle', {
                email: user.email,
                date: memberSince.toLocaleDateString(i18n.language),
              })
        }
        action={
          <Button
            variant="outline"
            data-testid="logout-button"
            disabled={logout.isPending}
            onClick={() => logout.mutate()}
          >
            {logout.isPending ? (
              <Spinner size="small" className="text-current" />
            ) : (
              <LogOut aria-hidden="true" />
            )}
            {logout.isPending ? t('account.loggingOut') : t('account.logout')}
          </Button>
        }
      />
      <Tabs defaultValue="profile">
        <TabsList aria-label={t('account.tabsLabel')}>
          <TabsTrigger value="profile">
            <UserRound aria-hidden="true" />
            {t('account.tabProfile')}
          </TabsTrigger>
          <TabsTrigger value="security">
            <KeyRound aria-hidden="true" />
            {t('account.tabSecurity')}
          </TabsTrigger>
          <TabsTrigger value="danger">
            <ShieldAlert aria-hidden="true" />
            {t('account.tabDanger')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileForm user={user} />
        </TabsContent>
        <TabsContent value="security">
          <ChangePasswordForm />
        </TabsContent>
        <TabsContent value="danger">
          <DangerZone user={user} />
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}

function ProfileForm({ user }: { user: TPublicUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  const form = useForm<TProfileUpdateRequest, unknown, z.output<typeof ZProfileUpdateRequest>>({
    resolver: zodResolver(ZProfileUpdateRequest),
    defaultValues: profileDefaults(user),
  });
  const { errors, isDirty } = form.formState;
  const timeZoneListId = useId();

  const mutation = useMutation({
    // Send every field, empty ones as "": PUT replaces the profile, so a cleared field is cleared.
    mutationFn: (payload: TProfileUpdateRequest) =>
      apiRequest<TProfileUpdateResponse>('PUT', '/api/auth/profile', payload),
    onSuccess: (response) => {
      setCurrentUser(queryClient, response.user);
      form.reset(profileDefaults(response.user));
      toast({
        title: t('account.updatedTitle'),
        description: response.verificationSent
          ? t('account.verificationSentText', { email: response.user.pendingEmail ?? '' })
          : t('account.updatedText'),
        variant: 'success',
      });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) {
        setCurrentUser(queryClient, null);
        navigate('/login', { replace: true });
        return;
      }
      applyServerFieldErrors(error, PROFILE_FIELDS, form.setError);
      toast({
        title: t('account.updateFailedTitle'),
        description: errorText(error, t('account.updateFailedText')),
        variant: 'destructive',
      });
    },
  });

  const onSubmit = form.handleSubmit((_parsed) => {
    // Validated by the shared schema; the raw values keep cleared fields as "".
    const raw = form.getValues();
    mutation.mutate({
      username: raw.username.trim(),
      email: raw.email.trim(),
      organization: raw.organization?.trim() ?? '',
      phone: raw.phone?.trim() ?? '',
      logoUrl: raw.logoUrl?.trim() ?? '',
      vipPromotionCode: raw.vipPromotionCode?.trim() ?? '',
      ...(raw.timeZone?.trim() ? { timeZone: raw.timeZone.trim() } : {}),
    });
  });
  const pending = mutation.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.profileTitle')}</CardTitle>
        <CardDescription>{t('account.profileText')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {user.pendingEmail ? (
          <Alert variant="info" data-testid="pending-email-notice">
            <MailCheck aria-hidden="true" />
            <p>
              {t('account.pendingEmailText', { email: user.pendingEmail, current: user.email })}
            </p>
          </Alert>
        ) : !user.emailVerified ? (
          <Alert variant="warning">
            <TriangleAlert aria-hidden="true" />
            <p>{t('account.emailUnverified')}</p>
          </Alert>
        ) : null}
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          data-testid="profile-form"
          aria-busy={pending}
          className="grid max-w-xl gap-4"
        >
          <FormField label={t('register.username')} error={errors.username}>
            <Input autoComplete="username" {...form.register('username')} />
          </FormField>
          <FormField label={t('register.email')} error={errors.email} hint={t('account.emailHint')}>
            <Input
              type="email"
              autoComplete="email"
              inputMode="email"
              {...form.register('email')}
            />
          </FormField>
          <FormField label={t('register.organization')} optional error={errors.organization}>
            <Input autoComplete="organization" {...form.register('organization')} />
          </FormField>
          <FormField label={t('register.phone')} optional error={errors.phone}>
            <Input type="tel" autoComplete="tel" {...form.register('phone')} />
          </FormField>
          <FormField label={t('register.logoUrl')} optional error={errors.logoUrl}>
            <Input
              type="url"
              inputMode="url"
              placeholder="https://"
              {...form.register('logoUrl')}
            />
          </FormField>
          <FormField
            label={t('register.vipPromotionCode')}
            optional
            error={errors.vipPromotionCode}
          >
            <Input autoComplete="off" {...form.register('vipPromotionCode')} />
          </FormField>
          <FormField
            label={t('account.timeZone')}
            error={errors.timeZone}
            hint={t('account.timeZoneHint')}
          >
            <Input
              autoComplete="off"
              spellCheck={false}
              list={timeZoneListId}
              data-testid="time-zone-input"
              {...form.register('timeZone')}
            />
          </FormField>
          <datalist id={timeZoneListId}>
            {knownTimeZones().map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          <div className="mt-2 flex flex-wrap gap-3">
            <Button type="submit" disabled={pending}>
              {pending ? <Spinner size="small" className="text-current" /> : null}
              {pending ? t('account.saving') : t('account.save')}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={pending || !isDirty}
              onClick={() => form.reset(profileDefaults(user))}
            >
              {t('account.resetForm')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** Signed in: the current password and a new one; the other devices are signed out. */
function ChangePasswordForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const form = useForm<TChangePasswordForm, unknown, z.output<typeof ZChangePasswordForm>>({
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: ({ currentPassword, newPassword }: z.output<typeof ZChangePasswordForm>) =>
      apiRequest<{ ok: true }>('POST', '/api/auth/change-password', {
        currentPassword,
        newPassword,
      }),
    onSuccess: () => {
      form.reset();
      toast({
        title: t('account.passwordChangedTitle'),
        description: t('account.passwordChangedText'),
        variant: 'success',
      });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) {
        setCurrentUser(queryClient, null);
        navigate('/login', { replace: true });
        return;
      }
      applyServerFieldErrors(error, ['currentPassword', 'newPassword'], form.setError);
      toast({
        title: t('account.passwordChangeFailedTitle'),
        description: errorText(error, t('general.tryAgain')),
        variant: 'destructive',
      });
    },
  });
  const onSubmit = form.handleSubmit((values) => mutation.mutate(values));
  const pending = mutation.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.changePasswordTitle')}</CardTitle>
        <CardDescription>{t('account.changePasswordText')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          data-testid="change-password-form"
          aria-busy={pending}
          className="grid max-w-xl gap-4"
        >
          <FormField label={t('account.currentPassword')} error={errors.currentPassword}>
            <PasswordInput autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
          <FormField label={t('account.newPassword')} error={errors.newPassword}>
            <PasswordInput autoComplete="new-password" {...form.register('newPassword')} />
          </FormField>
          <FormField label={t('account.confirmNewPassword')} error={errors.confirmPassword}>
            <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
          <Button type="submit" disabled={pending} className="mt-2 justify-self-start">
            {pending ? <Spinner size="small" className="text-current" /> : null}
            {pending ? t('account.changingPassword') : t('account.changePasswordSubmit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function DangerZone({ user }: { user: TPublicUser }) {
  const { t } = useTranslation();
  const deleteAccount = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const confirmId = useId();
  const matches = typed.trim() === user.username;
  const pending = deleteAccount.isPending;

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle className="text-red-800">{t('account.dangerTitle')}</CardTitle>
        <CardDescription>{t('account.dangerText')}</CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog
          open={open}
          onOpenChange={(next) => {
            if (pending) return;
            setOpen(next);
            if (!next) setTyped('');
          }}
        >
          <AlertDialogTrigger asChild>
            <Button variant="destructive" data-testid="delete-account-button">
              {t('account.deleteButton')}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{t('account.deleteDialogTitle')}</AlertDialogTitle>
              <AlertDialogDescription>{t('account.deleteDialogText')}</AlertDialogDescription>
            </AlertDialogHeader>
            <form
              className="grid gap-4"
              onSubmit={(event) => {
                event.preventDefault();
                if (matches && !pending) {
                  deleteAccount.mutate(undefined, { onError: () => setOpen(false) });
                }
              }}
            >
              <div className="grid gap-1.5">
                <Label htmlFor={confirmId}>
                  {t('account.deleteTypeLabel', { username: user.username })}
                </Label>
                <Input
                  id={confirmId}
                  value={typed}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(event) => setTyped(event.target.value)}
                  data-testid="delete-account-confirm-input"
                />
              </div>
              <AlertDialogFooter>
                <AlertDialogCancel disabled={pending}>{t('common.cancel')}</AlertDialogCancel>
                <Button
                  type="submit"
                  variant="destructive"
                  disabled={!matches || pending}
                  data-testid="confirm-delete-account"
                >
                  {pending ? <Spinner size="small" className="text-current" /> : null}
                  {pending ? t('account.deleting') : t('account.deleteConfirm')}
                </Button>
              </AlertDialogFooter>
            </form>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
