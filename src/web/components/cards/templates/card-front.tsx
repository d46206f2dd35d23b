import { CARD_QR_SIZE } from '#web/components/cards/card-image.ts';
import { DetailRow, FitText, LogoCircle, QrTile } from '#web/components/cards/svg-parts.tsx';
import type { FontStacks } from '#web/components/cards/svg-parts.tsx';
import type { DetailsLayout, FrontLayout, TemplateContext, TextLook } from './types.ts';

/** The first letter of the company (or the name) for a card without a logo. */
function initialOf(ctx: TemplateContext): string {
  const source = ctx.view.company.trim() || ctx.view.name.trim() || '?';
  return [...source][0]?.toLocaleUpperCase() ?? '?';
}

/** The details on the front: phone, e-mail, website (empty ones left out). */
function frontDetails({ view, texts }: TemplateContext) {
  return [
    { key: 'phone', label: texts.phone, value: view.phone },
    { key: 'email', label: texts.email, value: view.email },
    { key: 'website', label: texts.website, value: view.website },
  ].filter((item) => item.value.trim() !== '');
}

/** A look with its font role turned into the language's font stack. */
function withFont<T extends TextLook>({ family, ...look }: T, fonts: FontStacks) {
  return { ...look, family: fonts[family] };
}

function Details({ ctx, layout }: { ctx: TemplateContext; layout: DetailsLayout }) {
  const label = withFont(layout.label, ctx.fonts);
  const value = withFont(layout.value, ctx.fonts);
  const items = frontDetails(ctx);
  if (layout.kind === 'grid') {
    return items.map((item, index) => {
      const x = layout.x + (index % 2) * layout.columnStep;
      const y = layout.y + Math.floor(index / 2) * layout.rowStep;
      return (
        <g key={item.key}>
          <FitText text={item.label} x={x} y={y} width={layout.width} {...label} />
          <FitText text={item.value} x={x} y={y + 24} width={layout.width} {...value} />
        </g>
      );
    });
  }
  return items.map((item, index) => (
    <DetailRow
      key={item.key}
      label={`${item.label}${layout.labelSuffix ?? ''}`}
      value={item.value}
      x={layout.x}
      y={layout.y + index * layout.step}
      labelWidth={layout.labelWidth}
      width={layout.width}
      labelStyle={label}
      valueStyle={value}
    />
  ));
}

/**
 * The front of every template: backdrop, logo, company, name, ornament, details and QR code,
 * each placed and styled by the template's layout.
 */
export function CardFront({ ctx, layout }: { ctx: TemplateContext; layout: FrontLayout }) {
  const { id, view, fonts } = ctx;
  const glow = layout.glow ? `url(#${id}-glow)` : undefined;
  const { family: logoFamily, ...logo } = layout.logo;
  return (
    <>
      {layout.backdrop(ctx)}
      <LogoCircle
        id={id}
        logo={view.logo}
        initial={initialOf(ctx)}
        {...logo}
        family={fonts[logoFamily]}
        filter={glow}
      />
      <FitText text={view.company} {...withFont(layout.company, fonts)} testId="card-company" />
      <FitText
        text={view.name}
        {...withFont(layout.name, fonts)}
        filter={glow}
        testId="card-name"
      />
      {layout.ornament}
      <Details ctx={ctx} layout={layout.details} />
      <QrTile qr={view.qr} size={CARD_QR_SIZE} {...layout.qr} filter={glow} />
    </>
  );
}
