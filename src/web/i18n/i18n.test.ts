import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '#shared/i18n/en.json';
import zhCN from '#shared/i18n/zh-CN.json';
import zhTW from '#shared/i18n/zh-TW.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const locales = {
  en: flatten(en as Tree),
  'zh-CN': flatten(zhCN as Tree),
  'zh-TW': flatten(zhTW as Tree),
};
const names = Object.keys(locales) as Array<keyof typeof locales>;

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe('locale files', () => {
  for (const a of names) {
    for (const b of names) {
      if (a === b) continue;
      it(`every key of ${a} exists in ${b}`, () => {
        const missing = [...locales[a].keys()].filter((key) => !locales[b].has(key));
        expect(missing, `keys in ${a} but not in ${b}`).toEqual([]);
      });
    }
  }

  for (const name of names) {
    it(`${name} has no empty values`, () => {
      const empty = [...locales[name]].filter(([, value]) => value.trim() === '').map(([k]) => k);
      expect(empty).toEqual([]);
    });
  }

  it('uses the same {{placeholders}} in every language', () => {
    const mismatched: string[] = [];
    for (const [key, value] of locales.en) {
      const expected = placeholders(value);
      for (const name of names) {
        const other = locales[name].get(key);
        if (other !== undefined && placeholders(other).join() !== expected.join()) {
          mismatched.push(`${name}:${key}`);
        }
      }
    }
    expect(mismatched).toEqual([]);
  });

  it('has the required Chinese login-required title', () => {
    expect(locales['zh-CN'].get('auth.loginRequiredTitle')).toBe('需要登录');
  });
});

describe('keys used in code', () => {
  const webRoot = resolve(import.meta.dirname, '..');
  const sharedRoot = resolve(import.meta.dirname, '../../shared');

  function sourceFiles(root: string): string[] {
    return (readdirSync(root, { recursive: true }) as string[])
      .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => join(root, file));
  }

  it('every literal t("…") key in src/web exists', () => {
    const missing = new Set<string>();
    for (const file of sourceFiles(webRoot)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z]+(?:\.[a-zA-Z0-9]+)+)'/g)) {
        const key = match[1] ?? '';
        // A counted string may exist only in its plural forms (key_one, key_other).
        const exists = locales.en.has(key) || locales.en.has(`${key}_other`);
        if (!exists) missing.add(`${key} (${file})`);
      }
      for (const match of text.matchAll(/labelKey:\s*'([a-zA-Z.]+)'/g)) {
        const key = match[1] ?? '';
        if (!locales.en.has(key)) missing.add(`${key} (${file})`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('every validation message key of the shared schemas exists', () => {
    const missing = new Set<string>();
    for (const file of sourceFiles(sharedRoot)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/'(validation\.[a-zA-Z]+)'/g)) {
        const key = match[1] ?? '';
        if (!locales.en.has(key)) missing.add(`${key} (${file})`);
      }
    }
    expect([...missing]).toEqual([]);
  });
});
