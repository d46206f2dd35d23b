import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '#shared/i18n/en.json';
import { chatLanguage, setChatLanguage, translate } from './i18n.ts';

type Tree = { [key: string]: string | Tree };

function has(tree: Tree, key: string): boolean {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return false;
    node = node[part];
  }
  return typeof node === 'string';
}

/** Every .ts/.tsx file of the visitor chat. */
function chatSources(): string[] {
  const roots = ['src/web/components/chat', 'src/web/pages/chat', 'src/web/lib/chat'];
  return roots.flatMap((root) =>
    readdirSync(path.resolve(root))
      .filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'))
      .map((name) => readFileSync(path.resolve(root, name), 'utf8')),
  );
}

describe('visitor chat texts', () => {
  it('every key the chat uses exists', () => {
    const keys = new Set<string>();
    for (const source of chatSources())
      for (const match of source.matchAll(/\bt\(\s*'((?:chat|validation)\.[\w.]+)'/g))
        keys.add(match[1]!);
    expect(keys.size).toBeGreaterThan(40);
    const missing = [...keys].filter((key) => !has(en as Tree, key));
    expect(missing).toEqual([]);
  });

  it('starts in the browser’s language, fetching only its texts; translates with {{values}}', async () => {
    // jsdom's navigator prefers en-US.
    expect(chatLanguage()).toBe('en');
    // An English browser's page did not fetch Simplified Chinese: nothing to show in it yet.
    expect(translate('zh-CN', 'chat.messages.analyzing')).toBe('');
    await setChatLanguage('zh-CN');
    expect(translate('zh-CN', 'chat.messages.analyzing')).toBe('正在分析文档...');
    expect(translate('zh-CN', 'chat.sources.page', { page: 3 })).toBe('第 3 页');
    expect(translate('zh-CN', 'validation.emailOrPhone')).not.toBe('validation.emailOrPhone');
    expect(translate('zh-CN', 'chat.no.such.key')).toBe('chat.no.such.key');
  });

  it('loads English and Traditional Chinese when chosen, and remembers the choice', async () => {
    await setChatLanguage('en');
    expect(chatLanguage()).toBe('en');
    expect(localStorage.getItem('selectedLanguage')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(translate('en', 'chat.sources.slide', { page: 4 })).toBe('slide 4');
    expect(translate('en', 'chat.errors.imageFormatTitle')).toBe('File format error');
    await setChatLanguage('zh-TW');
    expect(translate('zh-TW', 'chat.errors.speechStartTitle')).toBe('無法啟動語音辨識');
    await setChatLanguage('zh-CN');
    expect(translate('zh-CN', 'chat.errors.imageAnalysisTitle')).toBe('图片分析失败');
  });
});
