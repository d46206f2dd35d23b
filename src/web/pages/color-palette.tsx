import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageContainer, PageHeader } from '../components/layout/app-layout.tsx';
import { PaletteGenerator } from '../components/marketing/palette-generator.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** /color-palette: the brand colour generator (spec-advanced 2, issue 15 item 10). */
export default function ColorPalettePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('palette.page.title'));
  return (
    <PageContainer>
      <Link
        href="/corporate-dashboard"
        className="mb-4 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('palette.page.back')}
      </Link>
      <PageHeader title={t('palette.page.title')} description={t('palette.page.subtitle')} />
      <PaletteGenerator />
    </PageContainer>
  );
}
