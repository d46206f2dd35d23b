import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  ArrowRight,
  Brain,
  FileText,
  Languages,
  LogIn,
  QrCode,
  ScanLine,
  UserRound,
  WandSparkles,
} from 'lucide-react';
import { useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import {
  ZCompanyDetailsFields,
  type TBusinessCard,
  type TCardOwner,
  type TCompanyDetailsData,
  type TCompanyDetailsFields,
} from '#shared/schemas/cards.ts';
import type { TPublicUser } from '#shared/schemas/auth.ts';
import { LogoPicker } from '../components/cards/logo-picker.tsx';
import { PageContainer, PageHeader } from '../components/layout/app-layout.tsx';
import { WizardProgress } from '../components/wizard/wizard-progress.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent } from '../components/ui/card.tsx';
import { FormField, RequiredNote } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { Loading, Spinner } from '../components/ui/spinner.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { apiRequest, errorText } from '../lib/api.ts';
import { invalidateCardQueries, useAuthExpiredHandler } from '../lib/cards/queries.ts';
import { applyServerFieldErrors } from '../lib/form-errors.ts';
import { useCurrentUser } from '../lib/session.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const FIELD_NAMES = ['username', 'companyName', 'email', 'phone', 'website', 'address'] as const;

function defaultsFor(user: TPublicUser | null): TCompanyDetailsFields {
  return {
    username: user?.username ?? '',
    companyName: user?.companyName ?? user?.organization ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    website: user?.website ?? '',
    address: user?.address ?? '',
  };
}

/** The details form words its e-mail message as 请输入有效邮箱. */
function detailsEmailError(error: FieldError | undefined): FieldError | undefined {
  return error?.message === 'validation.email'
    ? { ...error, message: 'details.emailInvalid' }
    : error;
}

/** The profile was saved but the card was not: a different message. */
class CardCreateError extends Error {
  constructor(readonly original: unknown) {
    super('card create failed');
  }
}

export default function UserDetailsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('details.title'));
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Loading fullPage />;
  // Keyed by user, so signing in elsewhere fills the form afresh.
  return <DetailsScreen key={user?.id ?? 'guest'} user={user} />;
}

function DetailsScreen({ user }: { user: TPublicUser | null }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  // Continuing a draft started without details (my cards' "Continue"): fill in that card.
  const draftId = Number(new URLSearchParams(useSearch()).get('businessCardId')) || null;
  const queryClient = useQueryClient();
  const handleAuthExpired = useAuthExpiredHandler();
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | undefined>();

  const form = useForm<TCompanyDetailsFields, unknown, TCompanyDetailsData>({
    resolver: zodResolver(ZCompanyDetailsFields),
    defaultValues: defaultsFor(user),
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: async ({ data, file }: { data: TCompanyDetailsData; file: File }) => {
      const profile = new FormData();
      profile.append('username', data.username);
      profile.append('companyName', data.companyName);
      profile.append('email', data.email ?? '');
      profile.append('phone', data.phone);
      profile.append('website', data.website);
      profile.append('address', data.address ?? '');
      profile.append('companyLogo', file, file.name);
      const owner = await apiRequest<TCardOwner>('POST', '/api/users', profile);

      if (draftId !== null) {
        try {
          const updated = await apiRequest<TBusinessCard>('PUT', `/api/business-cards/${draftId}`, {
            companyName: data.companyName,
            contactPerson: data.username,
            email: data.email ?? '',
            phone: data.phone,
            website: data.website,
            address: data.address ?? '',
          });
          return { owner, card: updated };
        } catch (error) {
          throw new CardCreateError(error);
        }
      }

      const card = new FormData();
      card.append('template', 'modern');
      card.append('includeQR', 'true');
      card.append('companyName', data.companyName);
      card.append('contactName', data.username);
      card.append('email', data.email ?? '');
      card.append('phone', data.phone);
      card.append('website', data.website);
      card.append('address', data.address ?? '');
      card.append('companyLogo', file, file.name);
      try {
        const created = await apiRequest<TBusinessCard>('POST', '/api/business-cards', card);
        return { owner, card: created };
      } catch (error) {
        throw new CardCreateError(error);
      }
    },
    onSuccess: async ({ owner, card }) => {
      toast({
        title: t('details.savedTitle'),
        description: t('details.savedText'),
        variant: 'success',
      });
      await invalidateCardQueries(queryClient);
      navigate(`/document-upload/${owner.id}?businessCardId=${card.id}`);
    },
    onError: (error) => {
      const cause = error instanceof CardCreateError ? error.original : error;
      if (handleAuthExpired(cause)) return;
      if (error instanceof CardCreateError) {
        toast({
          title: t('general.errorTitle'),
          description: errorText(cause, t('details.cardCreateFailed')),
          variant: 'destructive',
        });
        return;
      }
      applyServerFieldErrors(cause, FIELD_NAMES, form.setError);
      toast({
        title: t('details.saveFailedTitle'),
        description: errorText(cause, t('details.saveFailedText')),
        variant: 'destructive',
      });
    },
  });

  const requireLogo = () => {
    if (logo) return true;
    setLogoError(t('details.logoRequired'));
    return false;
  };

  const onSubmit = form.handleSubmit(
    (data) => {
      if (!requireLogo() || !logo) return;
      mutation.mutate({ data, file: logo });
    },
    () => {
      requireLogo();
    },
  );
  const pending = mutation.isPending;

  const goBack = () => {
    if (window.history.length > 1) window.history.back();
    else navigate('/');
  };

  return (
    <PageContainer width="wide">
      <PageHeader title={t('details.title')} description={t('details.subtitle')} />
      <WizardProgress step={1} next={t('wizard.next.details')} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card>
          <CardContent className="grid grid-cols-1 gap-5">
            {!user ? (
              <Alert variant="warning" data-testid="details-login-hint">
                <LogIn aria-hidden="true" />
                <div className="grid gap-2">
                  <p>{t('details.loginHint')}</p>
                  <div className="flex flex-wrap gap-2">
                    <Button asChild size="sm">
                      <Link href="/login">{t('nav.login')}</Link>
                    </Button>
                    <Button asChild size="sm" variant="outline">
                      <Link href="/register">{t('nav.register')}</Link>
                    </Button>
                  </div>
                </div>
              </Alert>
            ) : null}
            <form
              noValidate
              onSubmit={(event) => void onSubmit(event)}
              aria-busy={pending}
              data-testid="details-form"
              className="grid grid-cols-1 gap-5"
            >
              <RequiredNote />
              <fieldset disabled={pending} className="grid min-w-0 gap-4 sm:grid-cols-2">
                <legend className="sr-only">{t('details.contactSection')}</legend>
                <FormField label={t('details.username')} required error={errors.username}>
                  <Input autoComplete="name" {...form.register('username')} />
                </FormField>
                <FormField label={t('details.companyName')} required error={errors.companyName}>
                  <Input autoComplete="organization" {...form.register('companyName')} />
                </FormField>
                <FormField
                  label={t('details.email')}
                  optional
                  error={detailsEmailError(errors.email)}
                >
                  <Input
                    type="email"
                    inputMode="email"
                    autoComplete="email"
                    {...form.register('email')}
                  />
                </FormField>
                <FormField label={t('details.phone')} required error={errors.phone}>
                  <Input type="tel" autoComplete="tel" {...form.register('phone')} />
                </FormField>
                <FormField label={t('details.website')} required error={errors.website}>
                  <Input
                    inputMode="url"
                    autoComplete="url"
                    placeholder="www.example.com"
                    {...form.register('website')}
                  />
                </FormField>
                <FormField label={t('details.address')} optional error={errors.address}>
                  <Input autoComplete="street-address" {...form.register('address')} />
                </FormField>
              </fieldset>
              <LogoPicker
                label={t('details.logo')}
                hint={t('details.logoHint')}
                file={logo}
                required
                disabled={pending}
                error={logoError}
                onChange={(file) => {
                  setLogo(file);
                  if (file) setLogoError(undefined);
                }}
              />
              <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-between">
                <Button variant="outline" onClick={goBack} disabled={pending}>
                  <ArrowLeft aria-hidden="true" />
                  {t('wizard.back')}
                </Button>
                <Button type="submit" disabled={pending} data-testid="details-submit">
                  {pending ? <Spinner size="small" className="text-current" /> : null}
                  {pending ? t('details.submitting') : t('details.submit')}
                  {pending ? null : <ArrowRight aria-hidden="true" />}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
        <SidePanel />
      </div>
    </PageContainer>
  );
}

const SIDE_STEPS = [
  { icon: UserRound, key: 'details' },
  { icon: FileText, key: 'upload' },
  { icon: Brain, key: 'model' },
  { icon: QrCode, key: 'card' },
] as const;

const FEATURES = [
  { icon: WandSparkles, key: 'ai' },
  { icon: Languages, key: 'languages' },
  { icon: ScanLine, key: 'realtime' },
] as const;

function SidePanel() {
  const { t } = useTranslation();
  return (
    <aside
      className="grid min-w-0 grid-cols-1 content-start gap-4"
      aria-label={t('details.sideLabel')}
    >
      <Card>
        <CardContent className="grid gap-4">
          <h2 className="text-base font-semibold text-slate-900">{t('details.stepsTitle')}</h2>
          <ol className="grid gap-3">
            {SIDE_STEPS.map(({ icon: Icon, key }, index) => (
              <li key={key} className="flex gap-3">
                <span
                  className={
                    index === 0
                      ? 'inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white'
                      : 'inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600'
                  }
                >
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <span className="grid gap-0.5">
                  <span className="text-sm font-medium text-slate-900">
                    {index + 1}. {t(`wizard.steps.${key}`)}
                  </span>
                  <span className="text-xs text-slate-600">{t(`details.stepText.${key}`)}</span>
                </span>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
      <Card className="bg-gradient-to-br from-brand-50 to-white">
        <CardContent className="grid gap-4">
          <h2 className="text-base font-semibold text-slate-900">{t('details.featuresTitle')}</h2>
          <ul className="grid gap-3">
            {FEATURES.map(({ icon: Icon, key }) => (
              <li key={key} className="flex gap-3">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <span className="grid gap-0.5">
                  <span className="text-sm font-medium text-slate-900">
                    {t(`details.features.${key}Title`)}
                  </span>
                  <span className="text-xs text-slate-600">{t(`details.features.${key}Text`)}</span>
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </aside>
  );
}
