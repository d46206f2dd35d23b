import { clampChroma, formatHex, wcagContrast, type Oklch } from 'culori';
import {
  MIN_TEXT_CONTRAST,
  type TPalette,
  type TPaletteResponse,
} from '#shared/marketing/palette.ts';
import type { Language } from '#shared/limits.ts';
import { translate } from '#server/lib/i18n.ts';
import { BRAND_INDUSTRY_WORDS } from '#server/vocabulary/industries.ts';

/*
 * Brand palettes from colour theory: the company description's industry words pick a base hue
 * (blue for technology, green for energy, terracotta for ceramics …), and four harmonies of
 * that hue (analogous, complementary, triadic, split-complementary) are built in OKLCH with
 * culori, clamped into sRGB. Text is darkened (or lightened, on the dark palette) until it
 * reaches WCAG AA (4.5:1) on the background; the ratio is returned so the screen can show it.
 */

interface Industry {
  key: string;
  hue: number;
  /** OKLCH chroma of the primary: muted for finance, saturated for consumer goods. */
  chroma: number;
  words: readonly string[];
}

const INDUSTRIES: Industry[] = [
  { key: 'technology', hue: 255, chroma: 0.17, words: BRAND_INDUSTRY_WORDS.technology },
  { key: 'manufacturing', hue: 235, chroma: 0.1, words: BRAND_INDUSTRY_WORDS.manufacturing },
  { key: 'health', hue: 185, chroma: 0.11, words: BRAND_INDUSTRY_WORDS.health },
  { key: 'energy', hue: 145, chroma: 0.14, words: BRAND_INDUSTRY_WORDS.energy },
  { key: 'food', hue: 55, chroma: 0.15, words: BRAND_INDUSTRY_WORDS.food },
  { key: 'fashion', hue: 350, chroma: 0.16, words: BRAND_INDUSTRY_WORDS.fashion },
  { key: 'finance', hue: 265, chroma: 0.09, words: BRAND_INDUSTRY_WORDS.finance },
  { key: 'luxury', hue: 80, chroma: 0.11, words: BRAND_INDUSTRY_WORDS.luxury },
  { key: 'education', hue: 300, chroma: 0.14, words: BRAND_INDUSTRY_WORDS.education },
  { key: 'home', hue: 40, chroma: 0.12, words: BRAND_INDUSTRY_WORDS.home },
  { key: 'logistics', hue: 220, chroma: 0.13, words: BRAND_INDUSTRY_WORDS.logistics },
];

const GENERAL: Industry = { key: 'general', hue: 258, chroma: 0.15, words: [] };

/** The industry whose words occur most often in the description (ties: the first listed). */
export function detectIndustry(description: string): Industry {
  const text = description.toLowerCase();
  let best = GENERAL;
  let bestHits = 0;
  for (const industry of INDUSTRIES) {
    const hits = industry.words.reduce((sum, word) => sum + text.split(word).length - 1, 0);
    if (hits > bestHits) {
      best = industry;
      bestHits = hits;
    }
  }
  return best;
}

interface Harmony {
  key: 'analogous' | 'complementary' | 'triadic' | 'splitComplementary';
  secondary: number;
  accent: number;
  dark: boolean;
}

const HARMONIES: Harmony[] = [
  { key: 'analogous', secondary: 30, accent: -35, dark: false },
  { key: 'complementary', secondary: 12, accent: 180, dark: false },
  { key: 'triadic', secondary: 120, accent: 240, dark: true },
  { key: 'splitComplementary', secondary: 150, accent: 210, dark: false },
];

const wrap = (hue: number) => ((hue % 360) + 360) % 360;

function hex(l: number, c: number, h: number): string {
  const color: Oklch = { mode: 'oklch', l, c, h: wrap(h) };
  return formatHex(clampChroma(color, 'oklch'));
}

/** The darkest (or lightest) text of this hue that still starts at `l`, moved until AA holds. */
function readableText(background: string, hue: number, dark: boolean): string {
  let l = dark ? 0.9 : 0.3;
  let text = hex(l, 0.03, hue);
  while (wcagContrast(text, background) < MIN_TEXT_CONTRAST && l > 0 && l < 1) {
    l += dark ? 0.02 : -0.02;
    text = hex(Math.min(1, Math.max(0, l)), 0.02, hue);
  }
  return text;
}

export function buildPalette(industry: Industry, harmony: Harmony): TPalette['colors'] {
  const { hue, chroma } = industry;
  const background = harmony.dark ? hex(0.2, 0.03, hue) : hex(0.985, 0.012, hue);
  return {
    primary: hex(harmony.dark ? 0.72 : 0.5, chroma, hue),
    secondary: hex(harmony.dark ? 0.62 : 0.4, chroma * 0.8, hue + harmony.secondary),
    accent: hex(0.72, Math.min(0.19, chroma + 0.04), hue + harmony.accent),
    background,
    text: readableText(background, hue, harmony.dark),
  };
}

export function generatePalettes(description: string, language: Language): TPaletteResponse {
  const industry = detectIndustry(description);
  const industryName = translate(language, `palette.industries.${industry.key}`);
  const palettes = HARMONIES.map((harmony): TPalette => {
    const colors = buildPalette(industry, harmony);
    const harmonyName = translate(language, `palette.harmonies.${harmony.key}.name`);
    return {
      name: `${industryName} · ${harmonyName}`,
      industry: industryName,
      description: translate(language, `palette.harmonies.${harmony.key}.description`),
      harmony: harmony.key,
      colors,
      contrast: Math.round(wcagContrast(colors.text, colors.background) * 100) / 100,
    };
  });
  return { industry: industryName, palettes };
}
