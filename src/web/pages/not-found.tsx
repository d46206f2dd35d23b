import { ArrowLeft, FileQuestion, Home } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { PageContainer } from '../components/layout/app-layout.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent } from '../components/ui/card.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const REASONS = ['reasonUrl', 'reasonMaintenance', 'reasonLogin', 'reasonMoved'] as const;
const ACTIONS = ['actionCheckUrl', 'actionLogin', 'actionHome'] as const;

/** The full not-found page: reasons, suggested actions, home and back. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  const [, navigate] = useLocation();
  const goBack = () => {
    if (window.history.length > 1) window.history.back();
    else navigate('/');
  };
  return (
    <PageContainer>
      <Card data-testid="not-found">
        <CardContent className="grid gap-8 py-10 sm:px-10">
          <div className="flex flex-col items-center gap-3 text-center">
            <span className="inline-flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <FileQuestion aria-hidden="true" className="size-8" />
            </span>
            <p className="text-sm font-semibold tracking-widest text-brand-700">404</p>
            <h1 className="text-3xl font-semibold tracking-tight text-slate-900">
              {t('notFound.title')}
            </h1>
            <p className="max-w-md text-slate-600">{t('notFound.text')}</p>
          </div>
          <div className="grid gap-6 sm:grid-cols-2">
            <section aria-labelledby="nf-reasons" className="rounded-lg bg-slate-50 p-5">
              <h2 id="nf-reasons" className="mb-2 font-semibold text-slate-900">
                {t('notFound.reasonsTitle')}
              </h2>
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
                {REASONS.map((key) => (
                  <li key={key}>{t(`notFound.${key}`)}</li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="nf-actions" className="rounded-lg bg-slate-50 p-5">
              <h2 id="nf-actions" className="mb-2 font-semibold text-slate-900">
                {t('notFound.actionsTitle')}
              </h2>
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
                {ACTIONS.map((key) => (
                  <li key={key}>{t(`notFound.${key}`)}</li>
                ))}
              </ul>
            </section>
          </div>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link href="/">
                <Home aria-hidden="true" />
                {t('notFound.home')}
              </Link>
            </Button>
            <Button variant="outline" onClick={goBack}>
              <ArrowLeft aria-hidden="true" />
              {t('notFound.back')}
            </Button>
          </div>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
