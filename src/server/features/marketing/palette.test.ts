import { wcagContrast } from 'culori';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, signUp, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
});
afterAll(() => t.close());

interface Palette {
  name: string;
  industry: string;
  description: string;
  colors: Record<'primary' | 'secondary' | 'accent' | 'background' | 'text', string>;
  contrast: number;
}

async function palettes(companyDescription: string, language = 'en') {
  const response = await api(t, 'POST', '/api/generate-color-palette', {
    cookie: owner.cookie,
    body: { companyDescription, userId: 1 },
    language,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { industry: string; palettes: Palette[] };
}

describe('brand palettes', () => {
  it('gives at least three palettes of hex colours with AA text contrast', async () => {
    const result = await palettes('We build cloud software and AI data platforms');
    expect(result.industry).toBe('Technology');
    expect(result.palettes.length).toBeGreaterThanOrEqual(3);
    for (const palette of result.palettes) {
      for (const color of Object.values(palette.colors)) expect(color).toMatch(/^#[0-9a-f]{6}$/);
      const ratio = wcagContrast(palette.colors.text, palette.colors.background);
      expect(ratio).toBeGreaterThanOrEqual(4.5);
      expect(palette.contrast).toBeCloseTo(ratio, 1);
    }
    expect(new Set(result.palettes.map((p) => p.colors.accent)).size).toBe(result.palettes.length);
  });

  it('follows the industry words, in Chinese too', async () => {
    const tech = await palettes('We build cloud software and AI data platforms');
    const eco = await palettes('我们生产光伏组件和储能电池，专注新能源与环保', 'zh-CN');
    expect(eco.industry).toBe('绿色能源');
    expect(eco.palettes[0]!.colors.primary).not.toBe(tech.palettes[0]!.colors.primary);
  });

  it('refuses an empty description with the required message, and needs a session', async () => {
    const empty = await api(t, 'POST', '/api/generate-color-palette', {
      cookie: owner.cookie,
      body: { companyDescription: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: 'Please enter a company description',
    });
    const signedOut = await api(t, 'POST', '/api/generate-color-palette', {
      body: { companyDescription: 'tiles' },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
