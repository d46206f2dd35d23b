import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { loginPathFor } from '#shared/client-routes.ts';
import { useCurrentUser } from '#web/lib/session.ts';
import { Loading } from '../ui/spinner.tsx';
import { toast } from '../ui/use-toast.ts';

/**
 * A login-required route shows a spinner while the session loads; a signed-out
 * visitor then gets the destructive "login required" toast and goes to /login?next=<this page>,
 * which brings them back here once signed in.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const { user, isLoading } = useCurrentUser();
  const redirected = useRef(false);
  const signedOut = !isLoading && !user;

  useEffect(() => {
    if (!signedOut || redirected.current) return;
    redirected.current = true;
    toast({
      title: t('auth.loginRequiredTitle'),
      description: t('auth.loginRequiredText'),
      variant: 'destructive',
    });
    navigate(loginPathFor(search ? `${location}?${search}` : location), { replace: true });
  }, [signedOut, navigate, t, location, search]);

  if (isLoading) return <Loading fullPage message={t('auth.checkingSession')} />;
  if (!user) return <Loading fullPage message={t('auth.redirecting')} />;
  return <>{children}</>;
}
