import { CARD_WIDTH } from '#web/components/cards/card-image.ts';
import { FitText, QrTile, type FitTextProps } from '#web/components/cards/svg-parts.tsx';
import type { BackTheme, TemplateContext } from './types.ts';

const QR_SIZE = 232;
const QR_PAD = 14;

/** "WeChat hengtai_li · WhatsApp +86…" on the back ('' when the card has neither). */
function backContactLine({ view, texts }: TemplateContext): string {
  return [
    view.wechat ? `${texts.wechat ?? 'WeChat'} ${view.wechat}` : '',
    view.whatsapp ? `${texts.whatsapp ?? 'WhatsApp'} ${view.whatsapp}` : '',
  ]
    .filter(Boolean)
    .join('  ·  ');
}

/** The back of every template: a large QR code, "scan me", the address and contact lines. */
export function CardBack({ ctx, theme }: { ctx: TemplateContext; theme: BackTheme }) {
  const { id, view, texts, fonts } = ctx;
  const centre = CARD_WIDTH / 2;
  // Centred under the QR code: "scan me", the address, WeChat/WhatsApp, who the card is.
  const lines: Array<Omit<FitTextProps, 'x' | 'anchor'>> = [
    {
      text: texts.scan,
      y: 376,
      width: 800,
      size: 32,
      minSize: 18,
      weight: 700,
      family: fonts[theme.scanFamily],
      fill: theme.text,
      testId: 'card-scan-text',
    },
    {
      text: view.address,
      y: 428,
      width: 760,
      size: 20,
      minSize: 13,
      maxLines: 2,
      family: fonts.sans,
      fill: theme.muted,
      testId: 'card-address',
    },
    {
      text: backContactLine(ctx),
      y: 478,
      width: 800,
      size: 17,
      minSize: 11,
      family: fonts.sans,
      fill: theme.muted,
      testId: 'card-contact-line',
    },
    {
      text: view.jobTitle ? `${view.company} · ${view.name}, ${view.jobTitle}` : view.company,
      y: 516,
      width: 760,
      size: 16,
      minSize: 11,
      weight: 600,
      family: fonts.sans,
      fill: theme.muted,
      letterSpacing: 1,
    },
  ];
  return (
    <>
      {theme.backdrop(ctx)}
      <QrTile
        qr={view.qr}
        x={(CARD_WIDTH - QR_SIZE) / 2}
        y={84 + QR_PAD}
        size={QR_SIZE}
        pad={QR_PAD}
        radius={20}
        stroke={theme.qrStroke}
        strokeWidth={theme.qrStrokeWidth}
        filter={theme.glow ? `url(#${id}-glow)` : undefined}
      />
      {lines.map((line) => (
        <FitText key={line.y} x={centre} anchor="middle" {...line} />
      ))}
    </>
  );
}
