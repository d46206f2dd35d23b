import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { AuthCard } from '../components/auth/auth-card.tsx';
import { Button } from '../components/ui/button.tsx';
import { Loading } from '../components/ui/spinner.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

type VerificationOutcome =
  { status: 'success' } | { status: 'error'; message: string | null; messageKey: string | null };

/** Error values the server may send as codes instead of text; shown in the reader's language. */
const KNOWN_ERROR_KEYS: Record<string, string> = {
  expired: 'verify.expired',
  used: 'verify.used',
  invalid: 'verify.invalidLink',
  invalidLink: 'verify.invalidLink',
  'verify.expired': 'verify.expired',
  'verify.used': 'verify.used',
  'verify.invalidLink': 'verify.invalidLink',
};

/** Spec-core 4.1: success=true is success, error=<text> is that error, neither is an invalid link. */
export function readVerificationOutcome(search: string): VerificationOutcome {
  const params = new URLSearchParams(search);
  if (params.get('success') === 'true') return { status: 'success' };
  const error = params.get('error')?.trim();
  if (!error) return { status: 'error', message: null, messageKey: 'verify.invalidLink' };
  const key = KNOWN_ERROR_KEYS[error];
  return key
    ? { status: 'error', message: null, messageKey: key }
    : { status: 'error', message: error, messageKey: null };
}

export default function EmailVerifiedPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('emailVerified.title'));
  const search = useSearch();
  const [outcome, setOutcome] = useState<VerificationOutcome | null>(null);

  useEffect(() => {
    setOutcome(readVerificationOutcome(search));
  }, [search]);

  if (!outcome) return <Loading fullPage message={t('emailVerified.loading')} />;

  if (outcome.status === 'success') {
    return (
      <AuthCard title={t('emailVerified.successTitle')} testId="email-verified-success">
        <div className="grid gap-5">
          <div className="flex items-start gap-3">
            <CircleCheck aria-hidden="true" className="size-7 shrink-0 text-emerald-600" />
            <p className="text-slate-700">{t('emailVerified.successText')}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <Link href="/login">{t('emailVerified.goLogin')}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/register">{t('emailVerified.registerAgain')}</Link>
            </Button>
          </div>
        </div>
      </AuthCard>
    );
  }

  const message = outcome.messageKey ? t(outcome.messageKey) : outcome.message;
  return (
    <AuthCard title={t('emailVerified.errorTitle')} testId="email-verified-error">
      <div className="grid gap-5">
        <div className="flex items-start gap-3">
          <CircleX aria-hidden="true" className="size-7 shrink-0 text-red-600" />
          <p className="text-slate-800" data-testid="email-verified-message">
            {message}
          </p>
        </div>
        <section className="grid gap-2" aria-labelledby="verify-causes">
          <h2 id="verify-causes" className="text-sm font-semibold text-slate-900">
            {t('emailVerified.causesTitle')}
          </h2>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>{t('emailVerified.causeExpired')}</li>
            <li>{t('emailVerified.causeModified')}</li>
            <li>{t('emailVerified.causeAlreadyVerified')}</li>
            <li>{t('emailVerified.causeNetwork')}</li>
          </ul>
        </section>
        <p className="text-sm text-slate-700">{t('emailVerified.whatNext')}</p>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link href="/register">{t('emailVerified.registerAgain')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/login">{t('emailVerified.tryLogin')}</Link>
          </Button>
        </div>
      </div>
    </AuthCard>
  );
}
