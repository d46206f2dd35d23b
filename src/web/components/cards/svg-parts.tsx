import { useMemo } from 'react';
import { fitText, type MeasureText } from './text-fit.ts';

/*
 * Building blocks of the card SVGs. Everything is drawn in the 960×576 coordinate space of
 * the PNG, with system fonts only, so the page and the downloaded picture are the same.
 */

export interface FontStacks {
  sans: string;
  serif: string;
  cjkSerif: string;
  mono: string;
}

const LATIN_SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial";
const SC_SANS =
  "'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans SC', 'Noto Sans CJK SC'";
const TC_SANS =
  "'PingFang TC', 'Hiragino Sans CNS', 'Microsoft JhengHei', 'Noto Sans TC', 'Noto Sans CJK TC'";
const SC_SERIF = "'Songti SC', STSong, 'Noto Serif SC', 'Noto Serif CJK SC', SimSun";
const TC_SERIF = "'Songti TC', 'Noto Serif TC', 'Noto Serif CJK TC', PMingLiU";
const LATIN_SERIF = "Georgia, 'Times New Roman', 'Liberation Serif'";
const LATIN_MONO =
  "ui-monospace, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', 'Liberation Mono'";
const SC_MONO = "'Noto Sans Mono CJK SC'";
const TC_MONO = "'Noto Sans Mono CJK TC'";

/** The card's type: the system UI font for Latin, then the Chinese stack of the language. */
export function fontStacks(language: string): FontStacks {
  const traditional = language === 'zh-TW';
  const sansCjk = traditional ? TC_SANS : SC_SANS;
  const serifCjk = traditional ? TC_SERIF : SC_SERIF;
  return {
    sans: `${LATIN_SANS}, ${sansCjk}, sans-serif`,
    serif: `${LATIN_SERIF}, ${serifCjk}, serif`,
    cjkSerif: `${serifCjk}, ${LATIN_SERIF}, serif`,
    mono: `${LATIN_MONO}, ${traditional ? TC_MONO : SC_MONO}, ${sansCjk}, monospace`,
  };
}

let measureContext: CanvasRenderingContext2D | null | undefined;

function canvasContext(): CanvasRenderingContext2D | null {
  if (measureContext !== undefined) return measureContext;
  // jsdom has no canvas; an estimate is enough there.
  const canMeasure =
    typeof document !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    !navigator.userAgent.includes('jsdom');
  measureContext = canMeasure ? document.createElement('canvas').getContext('2d') : null;
  return measureContext;
}

const WIDE_CHAR = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/;

function estimateWidth(text: string, fontSize: number, mono: boolean): number {
  let ems = 0;
  for (const char of text) ems += WIDE_CHAR.test(char) ? 1 : mono ? 0.6 : 0.56;
  return ems * fontSize;
}

/** Measures with a 2D canvas in the very font the SVG text uses. */
export function measurerFor(
  family: string,
  weight: number | string,
  letterSpacing = 0,
): MeasureText {
  const mono = family.includes('monospace');
  return (text, fontSize) => {
    const context = canvasContext();
    const spacing = letterSpacing * [...text].length;
    if (!context) return estimateWidth(text, fontSize, mono) + spacing;
    context.font = `${weight} ${fontSize}px ${family}`;
    return context.measureText(text).width + spacing;
  };
}

export interface FitTextProps {
  text: string;
  x: number;
  /** Top of the text box. */
  y: number;
  width: number;
  /** Height of the box, for vertical alignment. */
  height?: number;
  valign?: 'top' | 'middle' | 'bottom';
  size: number;
  minSize: number;
  maxLines?: number;
  family: string;
  weight?: number;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
  letterSpacing?: number;
  lineHeight?: number;
  opacity?: number;
  filter?: string;
  uppercase?: boolean;
  testId?: string;
}

/** Text that wraps, then shrinks, inside its box, never overflowing it. */
export function FitText({
  text,
  x,
  y,
  width,
  height,
  valign = 'top',
  size,
  minSize,
  maxLines = 1,
  family,
  weight = 400,
  fill,
  anchor = 'start',
  letterSpacing = 0,
  lineHeight = 1.18,
  opacity,
  filter,
  uppercase = false,
  testId,
}: FitTextProps) {
  const shown = uppercase ? text.toLocaleUpperCase() : text;
  const fit = useMemo(
    () =>
      fitText({
        text: shown,
        maxWidth: width,
        maxLines,
        fontSize: size,
        minFontSize: minSize,
        measure: measurerFor(family, weight, letterSpacing),
      }),
    [shown, width, maxLines, size, minSize, family, weight, letterSpacing],
  );
  if (fit.lines.length === 0) return null;
  const step = fit.fontSize * lineHeight;
  const blockHeight = fit.fontSize + step * (fit.lines.length - 1);
  const box = height ?? blockHeight;
  const top =
    valign === 'middle'
      ? y + (box - blockHeight) / 2
      : valign === 'bottom'
        ? y + box - blockHeight
        : y;
  // The baseline sits about 0.8 em under the top of a line in these fonts.
  const baseline = top + fit.fontSize * 0.8;
  return (
    <text
      x={x}
      y={baseline}
      fontFamily={family}
      fontSize={fit.fontSize}
      fontWeight={weight}
      fill={fill}
      textAnchor={anchor}
      letterSpacing={letterSpacing || undefined}
      opacity={opacity}
      filter={filter}
      data-testid={testId}
    >
      {fit.lines.map((line, index) => (
        <tspan key={index} x={x} dy={index === 0 ? 0 : step}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

/** The 80 px logo circle, or a placeholder with the initial. */
export function LogoCircle({
  id,
  logo,
  initial,
  x,
  y,
  size = 80,
  ring,
  ringWidth = 3,
  placeholderFill,
  placeholderText,
  family,
  grayscale = false,
  filter,
}: {
  id: string;
  logo: string | null;
  initial: string;
  x: number;
  y: number;
  size?: number;
  ring?: string;
  ringWidth?: number;
  placeholderFill: string;
  placeholderText: string;
  family: string;
  grayscale?: boolean;
  filter?: string;
}) {
  const r = size / 2;
  const cx = x + r;
  const cy = y + r;
  return (
    <g filter={filter} data-testid={logo ? 'card-logo' : 'card-logo-placeholder'}>
      {logo ? (
        <>
          <clipPath id={`${id}-logo`}>
            <circle cx={cx} cy={cy} r={r} />
          </clipPath>
          <circle cx={cx} cy={cy} r={r} fill="#FFFFFF" />
          <image
            href={logo}
            x={x}
            y={y}
            width={size}
            height={size}
            preserveAspectRatio="xMidYMid slice"
            clipPath={`url(#${id}-logo)`}
            filter={grayscale ? `url(#${id}-gray)` : undefined}
          />
          {grayscale ? (
            <filter id={`${id}-gray`}>
              <feColorMatrix type="saturate" values="0" />
            </filter>
          ) : null}
        </>
      ) : (
        <>
          <circle cx={cx} cy={cy} r={r} fill={placeholderFill} />
          <text
            x={cx}
            y={cy + size * 0.15}
            textAnchor="middle"
            fontFamily={family}
            fontSize={size * 0.42}
            fontWeight={700}
            fill={placeholderText}
          >
            {initial}
          </text>
        </>
      )}
      {ring ? (
        <circle
          cx={cx}
          cy={cy}
          r={r - ringWidth / 2}
          fill="none"
          stroke={ring}
          strokeWidth={ringWidth}
        />
      ) : null}
    </g>
  );
}

/** The QR code on a white tile; nothing at all when it could not be made. */
export function QrTile({
  qr,
  x,
  y,
  size,
  pad = 8,
  radius = 12,
  stroke,
  strokeWidth = 1,
  filter,
}: {
  qr: string | null;
  x: number;
  y: number;
  size: number;
  pad?: number;
  radius?: number;
  stroke?: string;
  strokeWidth?: number;
  filter?: string;
}) {
  if (!qr) return null;
  return (
    <g data-testid="card-qr">
      <rect
        x={x - pad}
        y={y - pad}
        width={size + pad * 2}
        height={size + pad * 2}
        rx={radius}
        fill="#FFFFFF"
        stroke={stroke}
        strokeWidth={stroke ? strokeWidth : undefined}
        filter={filter}
      />
      <image
        href={qr}
        x={x}
        y={y}
        width={size}
        height={size}
        style={{ imageRendering: 'pixelated' }}
      />
    </g>
  );
}

/** A label and its value on one row (label column, then the value). */
export function DetailRow({
  label,
  value,
  x,
  y,
  labelWidth,
  width,
  labelStyle,
  valueStyle,
}: {
  label: string;
  value: string;
  x: number;
  y: number;
  labelWidth: number;
  width: number;
  labelStyle: Omit<FitTextProps, 'text' | 'x' | 'y' | 'width'>;
  valueStyle: Omit<FitTextProps, 'text' | 'x' | 'y' | 'width'>;
}) {
  // Baselines line up: the smaller label starts lower by the difference in ascent.
  const labelTop = y + (valueStyle.size - labelStyle.size) * 0.8;
  return (
    <g>
      <FitText text={label} x={x} y={labelTop} width={labelWidth - 12} {...labelStyle} />
      <FitText text={value} x={x + labelWidth} y={y} width={width - labelWidth} {...valueStyle} />
    </g>
  );
}
