import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { PageContainer, PageHeader } from '../layout/app-layout.tsx';
import { Button } from '../ui/button.tsx';
import { Card, CardContent } from '../ui/card.tsx';

/**
 * The state a screen shows until its issue is built: its real title inside the real layout and
 * a plain statement that it comes next. `page` names a section of `pages.*` in the locale files.
 */
export function ComingNext({ page }: { page: string }) {
  const { t } = useTranslation();
  const title = t(`pages.${page}.title`);
  useDocumentTitle(title);
  return (
    <PageContainer>
      <PageHeader title={title} description={t(`pages.${page}.description`)} />
      <Card data-testid="coming-next">
        <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Construction aria-hidden="true" className="size-7" />
          </span>
          <p className="inline-flex rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold tracking-wide text-amber-900 uppercase">
            {t('comingNext.badge')}
          </p>
          <p className="max-w-md text-slate-700">{t('comingNext.text')}</p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link href="/">{t('common.backHome')}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/user-management">{t('comingNext.accountLink')}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
