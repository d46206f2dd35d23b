import { FileImage, FileText, QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { QrDownloadsReach } from './phone-reach.tsx';

/*
 * Print files of a finished card's QR code, made by the server (the code encodes the chat URL
 * with ?src=qr): a PDF with an A6 table tent and an A4 poster, a sharp PNG for banners, and an
 * SVG for a designer. Plain links, so the browser downloads them with the server's file names.
 * When phones cannot open the address the codes encode, it says so above the links (unless the
 * page already says it right beside them: `reachWarning={false}`).
 */
export function PrintQr({
  cardId,
  reachWarning = true,
}: {
  cardId: number;
  reachWarning?: boolean;
}) {
  const { t } = useTranslation();
  const base = `/api/business-cards/${cardId}`;
  const files = [
    { href: `${base}/qr.pdf`, label: t('printQr.pdf'), icon: FileText, testId: 'qr-pdf' },
    {
      href: `${base}/qr.png?size=2048`,
      label: t('printQr.png'),
      icon: FileImage,
      testId: 'qr-png',
    },
    { href: `${base}/qr.svg`, label: t('printQr.svg'), icon: QrCode, testId: 'qr-svg' },
  ];
  return (
    <section aria-labelledby={`print-qr-${cardId}`} className="grid gap-2">
      <h2 id={`print-qr-${cardId}`} className="text-sm font-semibold text-slate-800">
        {t('printQr.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('printQr.hint')}</p>
      {reachWarning && <QrDownloadsReach />}
      <div className="flex flex-wrap gap-2">
        {files.map(({ href, label, icon: Icon, testId }) => (
          <Button key={testId} variant="outline" size="sm" asChild>
            <a href={href} download data-testid={testId}>
              <Icon aria-hidden="true" />
              {label}
            </a>
          </Button>
        ))}
      </div>
    </section>
  );
}
