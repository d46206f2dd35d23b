import { clampChroma, formatHex, wcagContrast, type Oklch } from 'culori';
import {
  MIN_TEXT_CONTRAST,
  type TPalette,
  type TPaletteResponse,
} from '#shared/marketing/palette.ts';
import type { Language } from '#shared/limits.ts';
import { translate } from '#server/lib/i18n.ts';

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
  words: string[];
}

const INDUSTRIES: Industry[] = [
  {
    key: 'technology',
    hue: 255,
    chroma: 0.17,
    words: [
      'tech',
      'software',
      'ai',
      'digital',
      'cloud',
      'electronic',
      'semiconductor',
      'iot',
      'data',
      '科技',
      '软件',
      '軟體',
      '电子',
      '電子',
      '智能',
      '人工智能',
      '芯片',
      '数字',
      '數位',
      '互联网',
    ],
  },
  {
    key: 'manufacturing',
    hue: 235,
    chroma: 0.1,
    words: [
      'manufactur',
      'machine',
      'industrial',
      'pump',
      'valve',
      'steel',
      'factory',
      'equipment',
      'automation',
      'hardware',
      '制造',
      '製造',
      '机械',
      '機械',
      '工业',
      '工業',
      '泵',
      '阀',
      '钢',
      '设备',
      '設備',
      '五金',
    ],
  },
  {
    key: 'health',
    hue: 185,
    chroma: 0.11,
    words: [
      'health',
      'medical',
      'pharma',
      'clinic',
      'hospital',
      'care',
      'biotech',
      '医疗',
      '醫療',
      '健康',
      '制药',
      '製藥',
      '生物',
      '医药',
      '醫藥',
    ],
  },
  {
    key: 'energy',
    hue: 145,
    chroma: 0.14,
    words: [
      'green',
      'eco',
      'solar',
      'energy',
      'battery',
      'recycl',
      'sustainab',
      'environment',
      'agri',
      'organic',
      '环保',
      '環保',
      '新能源',
      '光伏',
      '电池',
      '電池',
      '农业',
      '農業',
      '绿色',
      '綠色',
      '有机',
    ],
  },
  {
    key: 'food',
    hue: 55,
    chroma: 0.15,
    words: [
      'food',
      'beverage',
      'restaurant',
      'snack',
      'coffee',
      'tea',
      'bakery',
      'wine',
      '食品',
      '饮料',
      '飲料',
      '餐饮',
      '餐飲',
      '茶',
      '咖啡',
      '酒',
    ],
  },
  {
    key: 'fashion',
    hue: 350,
    chroma: 0.16,
    words: [
      'fashion',
      'beauty',
      'cosmetic',
      'apparel',
      'textile',
      'clothing',
      'garment',
      'shoe',
      '服装',
      '服裝',
      '美妆',
      '美妝',
      '化妆品',
      '纺织',
      '紡織',
      '鞋',
    ],
  },
  {
    key: 'finance',
    hue: 265,
    chroma: 0.09,
    words: [
      'finance',
      'bank',
      'insurance',
      'consult',
      'legal',
      'law',
      'account',
      'invest',
      '金融',
      '银行',
      '銀行',
      '保险',
      '保險',
      '咨询',
      '諮詢',
      '法律',
      '投资',
      '投資',
    ],
  },
  {
    key: 'luxury',
    hue: 80,
    chroma: 0.11,
    words: [
      'luxury',
      'jewel',
      'gold',
      'watch',
      'premium',
      'boutique',
      '珠宝',
      '珠寶',
      '奢侈',
      '黄金',
      '黃金',
      '名表',
    ],
  },
  {
    key: 'education',
    hue: 300,
    chroma: 0.14,
    words: [
      'education',
      'school',
      'training',
      'university',
      'learning',
      'course',
      '教育',
      '培训',
      '培訓',
      '学校',
      '學校',
      '课程',
      '課程',
    ],
  },
  {
    key: 'home',
    hue: 40,
    chroma: 0.12,
    words: [
      'ceramic',
      'furniture',
      'home',
      'interior',
      'tile',
      'porcelain',
      'kitchen',
      'lighting',
      'decor',
      '陶瓷',
      '家具',
      '家居',
      '瓷砖',
      '瓷磚',
      '厨房',
      '廚房',
      '灯',
      '燈',
      '装饰',
      '裝飾',
    ],
  },
  {
    key: 'logistics',
    hue: 220,
    chroma: 0.13,
    words: [
      'logistic',
      'shipping',
      'freight',
      'transport',
      'cargo',
      'supply chain',
      'warehouse',
      '物流',
      '运输',
      '運輸',
      '货运',
      '貨運',
      '仓储',
      '倉儲',
      '供应链',
    ],
  },
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
