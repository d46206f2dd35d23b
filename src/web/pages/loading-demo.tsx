import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '../components/layout/app-layout.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Loading } from '../components/ui/spinner.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const SIZES = ['small', 'medium', 'large'] as const;
const VARIANTS = ['primary', 'secondary', 'ghost'] as const;

/** The loading animation in every size, variant and message option. */
export default function LoadingDemoPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('loadingDemo.title'));
  return (
    <PageContainer>
      <PageHeader title={t('loadingDemo.title')} description={t('loadingDemo.subtitle')} />
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t('loadingDemo.sizes')}</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-6 sm:grid-cols-3">
            {SIZES.map((size) => (
              <div key={size} className="grid gap-2 rounded-lg border border-slate-100 p-4">
                <p className="text-sm font-medium text-slate-700">{t(`loadingDemo.${size}`)}</p>
                <Loading size={size} />
              </div>
            ))}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t('loadingDemo.variants')}</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-6 sm:grid-cols-3">
            {VARIANTS.map((variant) => (
              <div key={variant} className="grid gap-2 rounded-lg border border-slate-100 p-4">
                <p className="text-sm font-medium text-slate-700">{t(`loadingDemo.${variant}`)}</p>
                <Loading variant={variant} />
              </div>
            ))}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t('loadingDemo.messages')}</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-6 sm:grid-cols-2">
            <div className="grid gap-2 rounded-lg border border-slate-100 p-4">
              <p className="text-sm font-medium text-slate-700">{t('loadingDemo.withMessage')}</p>
              <Loading size="large" message={t('loadingDemo.customMessage')} />
            </div>
            <div className="grid gap-2 rounded-lg border border-slate-100 p-4">
              <p className="text-sm font-medium text-slate-700">{t('loadingDemo.noText')}</p>
              <Loading size="large" message={false} />
            </div>
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}
