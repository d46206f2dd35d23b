import { useId, type ReactNode, type Ref } from 'react';
import type { TCardTemplate } from '#shared/schemas/cards.ts';
import { READABLE_TEXT_CLASS, useReadableSvgText } from './readable-svg-text.ts';
import {
  CARD_HEIGHT,
  CARD_LOGO_SIZE,
  CARD_QR_SIZE,
  CARD_RADIUS,
  CARD_WIDTH,
} from './card-image.ts';
import {
  DetailRow,
  FitText,
  LogoCircle,
  QrTile,
  fontStacks,
  type FitTextProps,
  type FontStacks,
} from './svg-parts.tsx';

/** What a card shows; images are data URLs so the PNG export can draw them. */
export interface CardView {
  name: string;
  company: string;
  email: string;
  phone: string;
  website: string;
  address: string;
  /** Job title, WeChat ID and WhatsApp number: on the back, under the address ('' = none). */
  jobTitle?: string;
  wechat?: string;
  whatsapp?: string;
  logo: string | null;
  qr: string | null;
  primaryColor: string;
  secondaryColor: string;
}

/** The card's own words, in the interface language. */
export interface CardTexts {
  email: string;
  phone: string;
  website: string;
  address: string;
  scan: string;
  wechat?: string;
  whatsapp?: string;
}

interface Ctx {
  id: string;
  view: CardView;
  texts: CardTexts;
  fonts: FontStacks;
}

interface BackTheme {
  backdrop: (ctx: Ctx) => ReactNode;
  text: string;
  muted: string;
  scanFamily: keyof FontStacks;
  qrStroke?: string;
  qrStrokeWidth?: number;
  qrFilter?: (ctx: Ctx) => string | undefined;
}

interface TemplateSpec {
  front: (ctx: Ctx) => ReactNode;
  back: BackTheme;
}

const W = CARD_WIDTH;
const H = CARD_HEIGHT;
const QR = CARD_QR_SIZE;
const LOGO = CARD_LOGO_SIZE;

function initialOf(view: CardView): string {
  const source = view.company.trim() || view.name.trim() || '?';
  return [...source][0]?.toLocaleUpperCase() ?? '?';
}

/** The details on the front: e-mail, phone, website (empty ones left out). */
function details(ctx: Ctx): Array<{ key: string; label: string; value: string }> {
  const { view, texts } = ctx;
  return [
    { key: 'phone', label: texts.phone, value: view.phone },
    { key: 'email', label: texts.email, value: view.email },
    { key: 'website', label: texts.website, value: view.website },
  ].filter((item) => item.value.trim() !== '');
}

type TextStyle = Omit<FitTextProps, 'text' | 'x' | 'y' | 'width'>;

/** A glow for the tech template: the shape, blurred in its own colour, under itself. */
function glowFilter(id: string, deviation: number) {
  return (
    <filter id={id} x="-30%" y="-30%" width="160%" height="160%">
      <feGaussianBlur in="SourceGraphic" stdDeviation={deviation} result="blur" />
      <feMerge>
        <feMergeNode in="blur" />
        <feMergeNode in="SourceGraphic" />
      </feMerge>
    </filter>
  );
}

/* ---------------------------------------------------------------- modern */

const modernBackdrop = ({ id, view }: Ctx) => (
  <>
    <linearGradient id={`${id}-accent`} x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stopColor={view.primaryColor} />
      <stop offset="1" stopColor={view.secondaryColor} />
    </linearGradient>
    <rect width={W} height={H} fill="#FFFFFF" />
    <circle cx={W} cy={0} r={230} fill={view.primaryColor} opacity={0.07} />
    <circle cx={W - 40} cy={40} r={120} fill={view.primaryColor} opacity={0.06} />
    <rect width={20} height={H} fill={`url(#${id}-accent)`} />
  </>
);

const modern: TemplateSpec = {
  front: (ctx) => {
    const { id, view, fonts } = ctx;
    const label: TextStyle = {
      size: 13,
      minSize: 10,
      family: fonts.sans,
      weight: 600,
      fill: '#64748B',
      letterSpacing: 1.5,
      uppercase: true,
    };
    const value: TextStyle = { size: 20, minSize: 13, family: fonts.sans, fill: '#1E293B' };
    return (
      <>
        {modernBackdrop(ctx)}
        <LogoCircle
          id={id}
          logo={view.logo}
          initial={initialOf(view)}
          x={72}
          y={64}
          ring="#E2E8F0"
          placeholderFill={view.primaryColor}
          placeholderText="#FFFFFF"
          family={fonts.sans}
        />
        <FitText
          text={view.company}
          x={176}
          y={64}
          height={LOGO}
          valign="middle"
          width={712}
          size={28}
          minSize={16}
          maxLines={2}
          weight={600}
          family={fonts.sans}
          fill={view.secondaryColor}
          testId="card-company"
        />
        <FitText
          text={view.name}
          x={72}
          y={184}
          height={130}
          valign="middle"
          width={816}
          size={60}
          minSize={30}
          maxLines={2}
          weight={700}
          family={fonts.sans}
          fill="#0F172A"
          testId="card-name"
        />
        <rect x={72} y={334} width={56} height={4} rx={2} fill={view.primaryColor} />
        {details(ctx).map((item, index) => {
          const x = 72 + (index % 2) * 320;
          const y = 372 + Math.floor(index / 2) * 76;
          return (
            <g key={item.key}>
              <FitText text={item.label} x={x} y={y} width={296} {...label} />
              <FitText text={item.value} x={x} y={y + 24} width={296} {...value} />
            </g>
          );
        })}
        <QrTile qr={view.qr} x={744} y={368} size={QR} stroke="#E2E8F0" />
      </>
    );
  },
  back: {
    backdrop: modernBackdrop,
    text: '#0F172A',
    muted: '#475569',
    scanFamily: 'sans',
    qrStroke: '#E2E8F0',
  },
};

/* --------------------------------------------------------------- minimal */

const minimalBackdrop = () => <rect width={W} height={H} fill="#FFFFFF" />;

const minimal: TemplateSpec = {
  front: (ctx) => {
    const { id, view, fonts } = ctx;
    const label: TextStyle = {
      size: 12,
      minSize: 9,
      family: fonts.sans,
      weight: 600,
      fill: '#737373',
      letterSpacing: 3,
      uppercase: true,
    };
    const value: TextStyle = { size: 19, minSize: 12, family: fonts.sans, fill: '#171717' };
    return (
      <>
        {minimalBackdrop()}
        <LogoCircle
          id={id}
          logo={view.logo}
          initial={initialOf(view)}
          x={784}
          y={72}
          ring="#E5E5E5"
          ringWidth={1.5}
          placeholderFill="#171717"
          placeholderText="#FFFFFF"
          family={fonts.sans}
          grayscale
        />
        <FitText
          text={view.name}
          x={96}
          y={72}
          height={150}
          valign="bottom"
          width={660}
          size={54}
          minSize={28}
          maxLines={2}
          weight={300}
          family={fonts.sans}
          fill="#111111"
          testId="card-name"
        />
        <FitText
          text={view.company}
          x={96}
          y={244}
          width={660}
          size={17}
          minSize={11}
          maxLines={2}
          lineHeight={1.4}
          weight={500}
          family={fonts.sans}
          fill="#525252"
          letterSpacing={4}
          uppercase
          testId="card-company"
        />
        <line x1={96} x2={864} y1={318.5} y2={318.5} stroke="#171717" strokeWidth={1} />
        {details(ctx).map((item, index) => (
          <DetailRow
            key={item.key}
            label={item.label}
            value={item.value}
            x={96}
            y={360 + index * 50}
            labelWidth={132}
            width={576}
            labelStyle={label}
            valueStyle={value}
          />
        ))}
        <QrTile qr={view.qr} x={720} y={356} size={QR} pad={0} radius={0} />
      </>
    );
  },
  back: { backdrop: minimalBackdrop, text: '#111111', muted: '#525252', scanFamily: 'sans' },
};

/* -------------------------------------------------------------- gradient */

const gradientBackdrop = ({ id }: Ctx) => (
  <>
    <linearGradient id={`${id}-gradient`} x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stopColor="#2563EB" />
      <stop offset="0.55" stopColor="#4F46E5" />
      <stop offset="1" stopColor="#7C3AED" />
    </linearGradient>
    <rect width={W} height={H} fill={`url(#${id}-gradient)`} />
    <circle cx={880} cy={40} r={200} fill="#FFFFFF" opacity={0.08} />
    <circle cx={90} cy={560} r={160} fill="#FFFFFF" opacity={0.06} />
  </>
);

const gradient: TemplateSpec = {
  front: (ctx) => {
    const { id, view, fonts } = ctx;
    const label: TextStyle = {
      size: 12,
      minSize: 9,
      family: fonts.sans,
      weight: 600,
      fill: '#E0E7FF',
      letterSpacing: 1.5,
      uppercase: true,
    };
    const value: TextStyle = {
      size: 19,
      minSize: 12,
      family: fonts.sans,
      weight: 600,
      fill: '#FFFFFF',
    };
    return (
      <>
        {gradientBackdrop(ctx)}
        <LogoCircle
          id={id}
          logo={view.logo}
          initial={initialOf(view)}
          x={72}
          y={64}
          ring="#FFFFFF"
          placeholderFill="#FFFFFF"
          placeholderText="#4F46E5"
          family={fonts.sans}
        />
        <FitText
          text={view.company}
          x={176}
          y={64}
          height={LOGO}
          valign="middle"
          width={712}
          size={26}
          minSize={15}
          maxLines={2}
          weight={500}
          family={fonts.sans}
          fill="#FFFFFF"
          testId="card-company"
        />
        <FitText
          text={view.name}
          x={72}
          y={176}
          height={140}
          valign="middle"
          width={816}
          size={58}
          minSize={30}
          maxLines={2}
          weight={700}
          family={fonts.sans}
          fill="#FFFFFF"
          testId="card-name"
        />
        <rect
          x={48}
          y={336}
          width={864}
          height={192}
          rx={24}
          fill="#1E1B4B"
          fillOpacity={0.28}
          stroke="#FFFFFF"
          strokeOpacity={0.35}
        />
        <rect x={49} y={337} width={862} height={60} rx={23} fill="#FFFFFF" opacity={0.05} />
        {details(ctx).map((item, index) => (
          <DetailRow
            key={item.key}
            label={item.label}
            value={item.value}
            x={88}
            y={374 + index * 50}
            labelWidth={120}
            width={600}
            labelStyle={label}
            valueStyle={value}
          />
        ))}
        <QrTile qr={view.qr} x={752} y={360} size={QR} />
      </>
    );
  },
  back: { backdrop: gradientBackdrop, text: '#FFFFFF', muted: '#E0E7FF', scanFamily: 'sans' },
};

/* ------------------------------------------------------------- corporate */

const NAVY = '#1E3A8A';

const corporate: TemplateSpec = {
  front: (ctx) => {
    const { id, view, fonts } = ctx;
    const label: TextStyle = {
      size: 12,
      minSize: 9,
      family: fonts.sans,
      weight: 600,
      fill: '#64748B',
      letterSpacing: 1.5,
      uppercase: true,
    };
    const value: TextStyle = { size: 19, minSize: 12, family: fonts.sans, fill: '#334155' };
    return (
      <>
        <rect width={W} height={H} fill="#FFFFFF" />
        <rect width={W} height={176} fill={NAVY} />
        <rect y={176} width={W} height={6} fill={view.primaryColor} />
        <rect y={H - 14} width={W} height={14} fill={NAVY} />
        <LogoCircle
          id={id}
          logo={view.logo}
          initial={initialOf(view)}
          x={72}
          y={48}
          ring="#FFFFFF"
          placeholderFill="#FFFFFF"
          placeholderText={NAVY}
          family={fonts.serif}
        />
        <FitText
          text={view.company}
          x={176}
          y={40}
          height={96}
          valign="middle"
          width={712}
          size={38}
          minSize={20}
          maxLines={2}
          weight={700}
          family={fonts.serif}
          fill="#FFFFFF"
          testId="card-company"
        />
        <FitText
          text={view.name}
          x={72}
          y={210}
          height={96}
          valign="middle"
          width={816}
          size={42}
          minSize={24}
          maxLines={2}
          weight={700}
          family={fonts.sans}
          fill="#0F172A"
          testId="card-name"
        />
        {details(ctx).map((item, index) => (
          <DetailRow
            key={item.key}
            label={item.label}
            value={item.value}
            x={72}
            y={344 + index * 52}
            labelWidth={120}
            width={600}
            labelStyle={label}
            valueStyle={value}
          />
        ))}
        <QrTile qr={view.qr} x={744} y={360} size={QR} stroke="#CBD5E1" />
      </>
    );
  },
  back: {
    backdrop: ({ view }) => (
      <>
        <rect width={W} height={H} fill="#FFFFFF" />
        <rect width={W} height={28} fill={NAVY} />
        <rect y={28} width={W} height={4} fill={view.primaryColor} />
        <rect y={H - 14} width={W} height={14} fill={NAVY} />
      </>
    ),
    text: NAVY,
    muted: '#475569',
    scanFamily: 'serif',
    qrStroke: '#CBD5E1',
  },
};

/* --------------------------------------------------------------- chinese */

const RED = '#B91C1C';
const GOLD = '#D4AF37';

function cloudPattern(id: string) {
  return (
    <pattern id={`${id}-clouds`} width={120} height={84} patternUnits="userSpaceOnUse">
      <g fill="none" stroke={GOLD} strokeWidth={2} strokeLinecap="round" opacity={0.16}>
        <path d="M14 52c0-9 8-15 16-12 2-9 14-12 20-5 6-6 18-3 18 7 7 0 11 10 4 14H18c-3 0-4-2-4-4z" />
        <path d="M30 40c0 6 8 7 9 2" />
        <path d="M74 22c0-5 5-8 9-6 1-5 8-7 11-3 4-3 10-1 10 4 4 0 6 6 2 8H78c-2 0-4-1-4-3z" />
      </g>
    </pattern>
  );
}

const chineseBackdrop = ({ id }: Ctx) => (
  <>
    {cloudPattern(id)}
    <rect width={W} height={H} fill={RED} />
    <rect width={W} height={H} fill={`url(#${id}-clouds)`} />
    <rect
      x={20}
      y={20}
      width={W - 40}
      height={H - 40}
      rx={14}
      fill="none"
      stroke={GOLD}
      strokeWidth={2}
    />
    <rect
      x={30}
      y={30}
      width={W - 60}
      height={H - 60}
      rx={10}
      fill="none"
      stroke={GOLD}
      strokeWidth={1}
      opacity={0.7}
    />
    {[
      [30, 30, 1, 1],
      [W - 30, 30, -1, 1],
      [30, H - 30, 1, -1],
      [W - 30, H - 30, -1, -1],
    ].map(([x = 0, y = 0, dx = 1, dy = 1]) => (
      <path
        key={`${x}-${y}`}
        d={`M${x + dx * 4} ${y + dy * 30} V${y + dy * 4} H${x + dx * 30} M${x + dx * 12} ${y + dy * 22} V${y + dy * 12} H${x + dx * 22}`}
        fill="none"
        stroke={GOLD}
        strokeWidth={2}
      />
    ))}
  </>
);

const chinese: TemplateSpec = {
  front: (ctx) => {
    const { id, view, fonts } = ctx;
    const label: TextStyle = {
      size: 14,
      minSize: 10,
      family: fonts.sans,
      weight: 600,
      fill: '#FCD34D',
      letterSpacing: 1,
    };
    const value: TextStyle = { size: 19, minSize: 12, family: fonts.sans, fill: '#FEF3C7' };
    return (
      <>
        {chineseBackdrop(ctx)}
        <LogoCircle
          id={id}
          logo={view.logo}
          initial={initialOf(view)}
          x={72}
          y={64}
          ring={GOLD}
          placeholderFill="#7F1D1D"
          placeholderText="#FDE68A"
          family={fonts.cjkSerif}
        />
        <FitText
          text={view.company}
          x={176}
          y={64}
          height={LOGO}
          valign="middle"
          width={700}
          size={38}
          minSize={20}
          maxLines={2}
          weight={700}
          family={fonts.cjkSerif}
          fill="#FDE68A"
          letterSpacing={1}
          testId="card-company"
        />
        <FitText
          text={view.name}
          x={72}
          y={180}
          height={126}
          valign="middle"
          width={640}
          size={52}
          minSize={28}
          maxLines={2}
          weight={700}
          family={fonts.sans}
          fill="#FFFFFF"
          testId="card-name"
        />
        <line x1={72} x2={280} y1={324} y2={324} stroke={GOLD} strokeWidth={2} />
        <path d={`M290 324 l8 -8 l8 8 l-8 8 z`} fill={GOLD} />
        {details(ctx).map((item, index) => (
          <DetailRow
            key={item.key}
            label={item.label}
            value={item.value}
            x={72}
            y={356 + index * 50}
            labelWidth={110}
            width={600}
            labelStyle={label}
            valueStyle={value}
          />
        ))}
        <QrTile qr={view.qr} x={744} y={360} size={QR} stroke={GOLD} strokeWidth={2} />
      </>
    );
  },
  back: {
    backdrop: chineseBackdrop,
    text: '#FDE68A',
    muted: '#FEF3C7',
    scanFamily: 'cjkSerif',
    qrStroke: GOLD,
    qrStrokeWidth: 2,
  },
};

/* ------------------------------------------------------------------ tech */

const CYAN = '#22D3EE';

const techBackdrop = ({ id }: Ctx) => (
  <>
    <pattern id={`${id}-grid`} width={32} height={32} patternUnits="userSpaceOnUse">
      <path d="M32 0H0V32" fill="none" stroke={CYAN} strokeWidth={1} opacity={0.14} />
    </pattern>
    <radialGradient id={`${id}-glow-a`}>
      <stop offset="0" stopColor={CYAN} stopOpacity={0.32} />
      <stop offset="1" stopColor={CYAN} stopOpacity={0} />
    </radialGradient>
    <radialGradient id={`${id}-glow-b`}>
      <stop offset="0" stopColor="#3B82F6" stopOpacity={0.3} />
      <stop offset="1" stopColor="#3B82F6" stopOpacity={0} />
    </radialGradient>
    {glowFilter(`${id}-glow`, 5)}
    <rect width={W} height={H} fill="#0F172A" />
    <rect width={W} height={H} fill={`url(#${id}-grid)`} />
    <circle cx={840} cy={70} r={280} fill={`url(#${id}-glow-a)`} />
    <circle cx={60} cy={560} r={260} fill={`url(#${id}-glow-b)`} />
    <rect x={0} y={0} width={W} height={3} fill={CYAN} opacity={0.8} />
  </>
);

const tech: TemplateSpec = {
  front: (ctx) => {
    const { id, view, fonts } = ctx;
    const label: TextStyle = { size: 15, minSize: 10, family: fonts.mono, fill: CYAN };
    const value: TextStyle = { size: 18, minSize: 11, family: fonts.mono, fill: '#E2E8F0' };
    return (
      <>
        {techBackdrop(ctx)}
        <LogoCircle
          id={id}
          logo={view.logo}
          initial={initialOf(view)}
          x={72}
          y={64}
          ring={CYAN}
          ringWidth={2}
          placeholderFill="#0E7490"
          placeholderText="#ECFEFF"
          family={fonts.mono}
          filter={`url(#${id}-glow)`}
        />
        <FitText
          text={view.company}
          x={176}
          y={64}
          height={LOGO}
          valign="middle"
          width={712}
          size={24}
          minSize={13}
          maxLines={2}
          weight={500}
          family={fonts.mono}
          fill="#67E8F9"
          testId="card-company"
        />
        <FitText
          text={view.name}
          x={72}
          y={180}
          height={126}
          valign="middle"
          width={816}
          size={56}
          minSize={28}
          maxLines={2}
          weight={700}
          family={fonts.sans}
          fill="#FFFFFF"
          filter={`url(#${id}-glow)`}
          testId="card-name"
        />
        <FitText
          text="> contact --list"
          x={72}
          y={322}
          width={400}
          size={14}
          minSize={10}
          family={fonts.mono}
          fill="#64748B"
        />
        {details(ctx).map((item, index) => (
          <DetailRow
            key={item.key}
            label={`${item.label}:`}
            value={item.value}
            x={72}
            y={360 + index * 48}
            labelWidth={130}
            width={620}
            labelStyle={label}
            valueStyle={value}
          />
        ))}
        <QrTile
          qr={view.qr}
          x={744}
          y={360}
          size={QR}
          stroke={CYAN}
          strokeWidth={2}
          filter={`url(#${id}-glow)`}
        />
      </>
    );
  },
  back: {
    backdrop: techBackdrop,
    text: '#FFFFFF',
    muted: '#A5F3FC',
    scanFamily: 'mono',
    qrStroke: CYAN,
    qrStrokeWidth: 2,
    qrFilter: ({ id }) => `url(#${id}-glow)`,
  },
};

export const TEMPLATE_SPECS: Record<TCardTemplate, TemplateSpec> = {
  modern,
  minimal,
  gradient,
  corporate,
  chinese,
  tech,
};

/** Small colour swatches for the template picker. */
export const TEMPLATE_SWATCHES: Record<TCardTemplate, { background: string; accent: string }> = {
  modern: { background: '#FFFFFF', accent: '#3B82F6' },
  minimal: { background: '#FAFAFA', accent: '#171717' },
  gradient: { background: 'linear-gradient(135deg, #2563EB, #7C3AED)', accent: '#FFFFFF' },
  corporate: { background: `linear-gradient(#1E3A8A 0 38%, #FFFFFF 38%)`, accent: '#1E3A8A' },
  chinese: { background: RED, accent: GOLD },
  tech: { background: '#0F172A', accent: CYAN },
};

/** "WeChat hengtai_li · WhatsApp +86…" on the back ('' when the card has neither). */
function backContactLine({ view, texts }: Ctx): string {
  return [
    view.wechat ? `${texts.wechat ?? 'WeChat'} ${view.wechat}` : '',
    view.whatsapp ? `${texts.whatsapp ?? 'WhatsApp'} ${view.whatsapp}` : '',
  ]
    .filter(Boolean)
    .join('  ·  ');
}

function Back({ ctx, theme }: { ctx: Ctx; theme: BackTheme }) {
  const { view, texts, fonts } = ctx;
  const size = 232;
  const pad = 14;
  const x = (W - size) / 2;
  return (
    <>
      {theme.backdrop(ctx)}
      <QrTile
        qr={view.qr}
        x={x}
        y={84 + pad}
        size={size}
        pad={pad}
        radius={20}
        stroke={theme.qrStroke}
        strokeWidth={theme.qrStrokeWidth}
        filter={theme.qrFilter?.(ctx)}
      />
      <FitText
        text={texts.scan}
        x={W / 2}
        y={376}
        width={800}
        size={32}
        minSize={18}
        weight={700}
        family={fonts[theme.scanFamily]}
        fill={theme.text}
        anchor="middle"
        testId="card-scan-text"
      />
      <FitText
        text={view.address}
        x={W / 2}
        y={428}
        width={760}
        size={20}
        minSize={13}
        maxLines={2}
        family={fonts.sans}
        fill={theme.muted}
        anchor="middle"
        testId="card-address"
      />
      <FitText
        text={backContactLine(ctx)}
        x={W / 2}
        y={478}
        width={800}
        size={17}
        minSize={11}
        family={fonts.sans}
        fill={theme.muted}
        anchor="middle"
        testId="card-contact-line"
      />
      <FitText
        text={view.jobTitle ? `${view.company} · ${view.name}, ${view.jobTitle}` : view.company}
        x={W / 2}
        y={516}
        width={760}
        size={16}
        minSize={11}
        weight={600}
        family={fonts.sans}
        fill={theme.muted}
        letterSpacing={1}
        anchor="middle"
      />
    </>
  );
}

export interface CardSvgProps {
  template: TCardTemplate;
  side: 'front' | 'back';
  view: CardView;
  texts: CardTexts;
  language: string;
  /** The accessible name of the picture. */
  title: string;
  className?: string;
  svgRef?: Ref<SVGSVGElement>;
  testId?: string;
}

/**
 * One face of a card as a single 960×576 SVG. The page shows this element and the download
 * draws this very element, so both look the same.
 */
export function CardSvg({
  template,
  side,
  view,
  texts,
  language,
  title,
  className,
  svgRef,
  testId,
}: CardSvgProps) {
  const rawId = useId();
  const id = `c${rawId.replace(/[^a-zA-Z0-9]/g, '')}`;
  const ctx: Ctx = { id, view, texts, fonts: fontStacks(language) };
  const spec = TEMPLATE_SPECS[template];
  // Text that would show under 12 px at the card's size is hidden (pages repeat it as HTML).
  const readableRef = useReadableSvgText(svgRef);
  return (
    <svg
      ref={readableRef}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={title}
      className={className ? `${className} ${READABLE_TEXT_CLASS}` : READABLE_TEXT_CLASS}
      data-testid={testId}
      data-template={template}
      data-side={side}
    >
      <defs>
        <clipPath id={`${id}-card`}>
          <rect width={W} height={H} rx={CARD_RADIUS} />
        </clipPath>
      </defs>
      <g clipPath={`url(#${id}-card)`}>
        {side === 'front' ? spec.front(ctx) : <Back ctx={ctx} theme={spec.back} />}
      </g>
    </svg>
  );
}
