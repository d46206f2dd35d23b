import { formatHex, interpolate, parse, wcagContrast } from 'culori';
import type { TColorScheme } from '#shared/marketing/poster.ts';

/** The colours one poster is painted with. `ink` is readable on `background` (AA). */
export interface SchemeColors {
  background: string;
  background2: string;
  primary: string;
  accent: string;
  ink: string;
  muted: string;
  /** Text on `primary` panels. */
  onPrimary: string;
  dark: boolean;
}

const PRESETS: Record<Exclude<TColorScheme, 'custom'>, [string, string, string, string]> = {
  // background, second background, primary, accent
  vibrant: ['#2e1065', '#be185d', '#f43f5e', '#facc15'],
  corporate: ['#f8fafc', '#e2e8f0', '#1e40af', '#0ea5e9'],
  warm: ['#fff7ed', '#fed7aa', '#c2410c', '#b91c1c'],
  cool: ['#0c4a6e', '#134e4a', '#06b6d4', '#a7f3d0'],
  monochrome: ['#111827', '#374151', '#f9fafb', '#9ca3af'],
};

const WHITE = '#ffffff';
const INK = '#0f172a';

/** White or near-black, whichever reads better on the colour. */
export function readableOn(color: string): string {
  return wcagContrast(WHITE, color) >= wcagContrast(INK, color) ? WHITE : INK;
}

function mix(a: string, b: string, t: number): string {
  return formatHex(interpolate([a, b], 'oklch')(t));
}

function valid(color: string | undefined): color is string {
  return Boolean(color && parse(color));
}

export function schemeColors(scheme: TColorScheme, customColors: readonly string[]): SchemeColors {
  const preset: [string, string, string, string] =
    scheme === 'custom'
      ? (() => {
          const [first, second, third] = customColors.filter(valid);
          const primary = first ?? '#3b82f6';
          const accent = second ?? mix(primary, '#f59e0b', 0.6);
          const background = third ?? mix(primary, '#ffffff', 0.92);
          return [background, mix(background, primary, 0.25), primary, accent];
        })()
      : PRESETS[scheme];
  const [background, background2, primary, accent] = preset;
  const ink = readableOn(mix(background, background2, 0.5));
  const dark = ink === WHITE;
  return {
    background,
    background2,
    primary,
    accent,
    ink,
    muted: mix(ink, background, 0.3),
    onPrimary: readableOn(primary),
    dark,
  };
}
