import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CircleCheck, LogIn, TriangleAlert, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { LogoPicker } from '../components/cards/logo-picker.tsx';
import { PageContainer, PageHeader } from '../components/layout/app-layout.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardFooter } from '../components/ui/card.tsx';
import { Loading, Spinner } from '../components/ui/spinner.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { apiRequest, errorText } from '../lib/api.ts';
import { invalidateCardQueries, useAuthExpiredHandler } from '../lib/cards/queries.ts';
import { useCurrentUser } from '../lib/session.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * The steps: no file → file chosen (preview) → uploading → success (to /my-cards) or
 * failure. The logo belongs to the signed-in user.
 */
export default function LogoUploadPage({ onComplete }: { onComplete?: () => void }) {
  const { t } = useTranslation();
  useDocumentTitle(t('logoUpload.title'));
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const handleAuthExpired = useAuthExpiredHandler();
  const { user, isLoading } = useCurrentUser();
  const [file, setFile] = useState<File | null>(null);

  const upload = useMutation({
    mutationFn: (logo: File) => {
      const form = new FormData();
      form.append('companyLogo', logo, logo.name);
      return apiRequest<{ companyLogo: string }>('POST', '/api/users/upload-logo', form);
    },
    onSuccess: async () => {
      toast({
        title: t('logoUpload.successTitle'),
        description: t('logoUpload.successText'),
        variant: 'success',
      });
      await invalidateCardQueries(queryClient);
      if (onComplete) onComplete();
      else navigate('/my-cards');
    },
    onError: (error) => {
      if (handleAuthExpired(error)) return;
      toast({
        title: t('logoUpload.failedTitle'),
        description: errorText(error, t('logoUpload.failedText')),
        variant: 'destructive',
      });
    },
  });

  if (isLoading) return <Loading fullPage />;

  const save = () => {
    if (!file) {
      toast({ title: t('logoUpload.selectFile'), variant: 'destructive' });
      return;
    }
    if (!user) {
      toast({ title: t('logoUpload.userMissing'), variant: 'destructive' });
      return;
    }
    upload.mutate(file);
  };

  return (
    <PageContainer width="narrow">
      <Link
        href="/my-cards"
        className="mb-4 inline-flex items-center gap-1 rounded-md text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('logoUpload.back')}
      </Link>
      <PageHeader title={t('logoUpload.title')} description={t('logoUpload.subtitle')} />
      <Card>
        <CardContent className="grid grid-cols-1 gap-5">
          {!user ? (
            <Alert variant="warning" data-testid="logo-login-hint">
              <LogIn aria-hidden="true" />
              <div className="grid gap-2">
                <p>{t('logoUpload.loginHint')}</p>
                <div>
                  <Button asChild size="sm">
                    <Link href="/login">{t('nav.login')}</Link>
                  </Button>
                </div>
              </div>
            </Alert>
          ) : null}
          <LogoPicker
            label={t('logoUpload.fieldLabel')}
            file={file}
            currentUrl={user?.companyLogo ?? null}
            onChange={(next) => {
              setFile(next);
              upload.reset();
            }}
            disabled={upload.isPending || !user}
          />
          <div aria-live="polite" data-testid="logo-upload-state" data-state={upload.status}>
            {upload.isPending ? (
              <p className="flex items-center gap-2 text-sm text-slate-700">
                <Spinner size="small" />
                {t('logoUpload.uploading')}
              </p>
            ) : upload.isSuccess ? (
              <p className="flex items-center gap-2 text-sm text-emerald-800">
                <CircleCheck aria-hidden="true" className="size-4" />
                {t('logoUpload.successTitle')}
              </p>
            ) : upload.isError ? (
              <p className="flex items-center gap-2 text-sm text-red-700">
                <TriangleAlert aria-hidden="true" className="size-4" />
                {t('logoUpload.failedText')}
              </p>
            ) : null}
          </div>
        </CardContent>
        <CardFooter className="justify-between border-t border-slate-100 pt-5">
          <Button asChild variant="ghost">
            <Link href="/my-cards" data-testid="logo-skip">
              {t('logoUpload.skip')}
            </Link>
          </Button>
          <Button
            onClick={save}
            disabled={!file || !user || upload.isPending}
            data-testid="logo-save"
          >
            {upload.isPending ? (
              <Spinner size="small" className="text-current" />
            ) : (
              <Upload aria-hidden="true" />
            )}
            {upload.isPending ? t('logoUpload.uploading') : t('logoUpload.save')}
          </Button>
        </CardFooter>
      </Card>
    </PageContainer>
  );
}
