import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useCurrentUser } from '../../lib/session.ts';
import { Loading } from '../ui/spinner.tsx';
import { toast } from '../ui/use-toast.ts';

/**
 * Spec-core 2.1: a login-required route shows a spinner while the session loads; a signed-out
 * visitor then gets the destructive "login required" toast and goes to /register.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
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
    navigate('/register', { replace: true });
  }, [signedOut, navigate, t]);

  if (isLoading) return <Loading fullPage message={t('auth.checkingSession')} />;
  if (!user) return <Loading fullPage message={t('auth.redirecting')} />;
  return <>{children}</>;
}
