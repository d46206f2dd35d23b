import { countHanVariants } from '../han-fold.ts';
import { HAS_DIGIT } from './normalize.ts';

/*
 * Which script a text is written in, and which language to answer a visitor in.
 */

export type ChatLanguage = 'en' | 'zh-CN' | 'zh-TW';
export type ScriptFamily = 'en' | 'zh';

/** Han characters and Latin words (codes such as HT-M8080 not counted) of a text. */
export function scriptCounts(text: string): { han: number; latinWords: number } {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const latinWords = (text.match(/[\p{L}\p{N}][\p{L}\p{N}-]*/gu) ?? []).filter(
    (word) => /^\p{Script=Latin}{2,}$/u.test(word) && !HAS_DIGIT.test(word),
  ).length;
  return { han, latinWords };
}

/** zh or en when the text clearly is one, else null. */
export function scriptFamily(text: string): ScriptFamily | null {
  const { han, latinWords } = scriptCounts(text);
  if (han >= 2 && han / 1.6 >= latinWords) return 'zh';
  if (han === 0 && latinWords >= 2) return 'en';
  if (latinWords >= 3 && latinWords > han) return 'en';
  return null;
}

/**
 * The language to answer in: the question's when it is clearly written in another language
 * than the interface (a Chinese question on the English page), else the interface's.
 */
export function answerLanguage(question: string, interfaceLanguage: ChatLanguage): ChatLanguage {
  const family = scriptFamily(question);
  if (family === 'en') return 'en';
  if (family === 'zh') {
    const { traditional, simplified } = countHanVariants(question);
    if (traditional > simplified) return 'zh-TW';
    if (simplified > traditional) return 'zh-CN';
    return interfaceLanguage === 'en' ? 'zh-CN' : interfaceLanguage;
  }
  return interfaceLanguage;
}
