import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGE_HEADER, isLanguage, type Language } from '#shared/limits.ts';
import en from '#shared/i18n/en.json' with { type: 'json' };
import zhCN from '#shared/i18n/zh-CN.json' with { type: 'json' };
import zhTW from '#shared/i18n/zh-TW.json' with { type: 'json' };

/*
 * The server speaks the same locale files as the interface, so a message a user reads is
 * written once per language (decision 002).
 */

type Tree = { [key: string]: string | Tree };
const RESOURCES: Record<Language, Tree> = { en, 'zh-CN': zhCN, 'zh-TW': zhTW };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function hasMessage(key: string): boolean {
  return lookup(RESOURCES.en, key) !== undefined;
}

/** Translates a key; falls back to English, then to the key itself. */
export function translate(
  language: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const template = lookup(RESOURCES[language], key) ?? lookup(RESOURCES.en, key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The client's X-Language header, else the best Accept-Language match, else zh-CN. */
export function requestLanguage(request: FastifyRequest): Language {
  const explicit = request.headers[LANGUAGE_HEADER];
  if (isLanguage(explicit)) return explicit;
  const accepted = String(request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '');
  for (const tag of accepted) {
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
    if (['zh-tw', 'zh-hk', 'zh-mo', 'zh-hant'].some((t) => tag.startsWith(t))) return 'zh-TW';
    if (tag.startsWith('zh')) return 'zh-CN';
  }
  return DEFAULT_LANGUAGE;
}
