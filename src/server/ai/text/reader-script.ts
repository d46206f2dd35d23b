import { foldToSimplified, toTraditional } from '#server/text/han-script.ts';
import type { ChatLanguage } from '#server/text/language.ts';
import { hanShare, renderInEnglish } from '#server/text/to-english.ts';

/*
 * A quoted line in the reader's script: Simplified for a Simplified reader and Traditional for
 * a Traditional one (OpenCC; the citation keeps the document's own), and for an English reader
 * a Chinese line stated in English, with the original kept to be shown below it.
 */

/** A line an English reader cannot read: a quarter or more of its letters are Han. */
export function readsAsChinese(text: string): boolean {
  return hanShare(text) >= 0.25;
}

export function inReadersScript(
  quoted: string,
  language: ChatLanguage,
): { text: string; original: string | null } {
  if (language === 'zh-TW') return { text: toTraditional(quoted), original: null };
  if (language === 'zh-CN') return { text: foldToSimplified(quoted), original: null };
  if (!readsAsChinese(quoted)) return { text: quoted, original: null };
  return { text: renderInEnglish(quoted), original: quoted };
}
