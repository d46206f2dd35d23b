import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '#web/components/layout/app-layout.tsx';
import { PaletteGenerator } from '#web/components/marketing/palette-generator.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { BackLink } from '#web/components/layout/back-link.tsx';

/** /color-palette: the brand colour generator. */
export default function ColorPalettePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('palette.page.title'));
  return (
    <PageContainer>
      <BackLink label={t('palette.page.back')} />
      <PageHeader title={t('palette.page.title')} description={t('palette.page.subtitle')} />
      <PaletteGenerator />
    </PageContainer>
  );
}
