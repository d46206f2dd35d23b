import { LogOut, RefreshCw, ShieldCheck, ShieldOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageContainer, PageHeader } from '../components/layout/app-layout.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent } from '../components/ui/card.tsx';
import { Loading, Spinner } from '../components/ui/spinner.tsx';
import { useCurrentUser, useLogout } from '../lib/session.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** Spec-core 2.4: shows whether the session is live, with logout and refresh. */
export default function TestLogoutPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('testLogout.title'));
  const { user, isLoading, isFetching, refetch } = useCurrentUser();
  const logout = useLogout();

  return (
    <PageContainer width="narrow">
      <PageHeader title={t('testLogout.title')} description={t('testLogout.subtitle')} />
      <Card>
        <CardContent className="grid gap-5">
          {isLoading ? (
            <Loading message={t('testLogout.checking')} />
          ) : user ? (
            <div
              className="flex items-start gap-3"
              data-testid="auth-state"
              data-authenticated="true"
            >
              <ShieldCheck aria-hidden="true" className="size-7 shrink-0 text-emerald-600" />
              <div>
                <p className="font-semibold text-slate-900">{t('testLogout.authenticated')}</p>
                <p className="text-slate-700">
                  {t('testLogout.signedInAs', { username: user.username })}
                </p>
              </div>
            </div>
          ) : (
            <div
              className="flex items-start gap-3"
              data-testid="auth-state"
              data-authenticated="false"
            >
              <ShieldOff aria-hidden="true" className="size-7 shrink-0 text-slate-500" />
              <div>
                <p className="font-semibold text-slate-900">{t('testLogout.notAuthenticated')}</p>
                <Link href="/login" className="text-brand-700 hover:underline">
                  {t('nav.login')}
                </Link>
              </div>
            </div>
          )}
          <div className="flex flex-wrap gap-3">
            <Button
              variant="destructive"
              data-testid="logout-button"
              disabled={!user || logout.isPending}
              onClick={() => logout.mutate()}
            >
              {logout.isPending ? (
                <Spinner size="small" className="text-current" />
              ) : (
                <LogOut aria-hidden="true" />
              )}
              {logout.isPending ? t('account.loggingOut') : t('account.logout')}
            </Button>
            <Button variant="outline" disabled={isFetching} onClick={() => void refetch()}>
              <RefreshCw
                aria-hidden="true"
                className={isFetching ? 'motion-safe:animate-spin' : undefined}
              />
              {t('testLogout.refresh')}
            </Button>
          </div>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
