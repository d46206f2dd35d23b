import { CANTONESE_CHARACTERS } from '#server/vocabulary/cantonese.ts';
import { countChineseVariants, countHanVariants, foldToSimplified } from './han-script.ts';

/*
 * Which script a text is written in and which language that makes, for the two readers that
 * ask: the chat (a question's script family, the language to answer a visitor in) and the
 * document analysis (a card's primary and secondary languages, from script counts turned into
 * word equivalents).
 */

// The chat ---------------------------------------------------------------------------------------

export type ChatLanguage = 'en' | 'zh-CN' | 'zh-TW';
export type ScriptFamily = 'en' | 'zh';

/** Han characters and Latin words (codes such as HT-M8080 not counted) of a text. */
export function scriptCounts(text: string): { han: number; latinWords: number } {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const latinWords = (text.match(/[\p{L}\p{N}][\p{L}\p{N}-]*/gu) ?? []).filter(
    (word) => /^\p{Script=Latin}{2,}$/u.test(word) && !/\p{N}/u.test(word),
  ).length;
  return { han, latinWords };
}

/** Words in a script other than Latin and Han (Cyrillic, Greek, Arabic, Hangul, Kana …). */
function otherScriptWords(text: string): number {
  return (text.match(/[^\P{L}\p{Script=Latin}\p{Script=Han}]+/gu) ?? []).length;
}

/**
 * zh or en when the text clearly is one, else null. A question in any other script is answered
 * in English: the server writes English and Chinese only.
 */
export function scriptFamily(text: string): ScriptFamily | null {
  const { han, latinWords } = scriptCounts(text);
  if (han >= 2 && han / 1.6 >= latinWords) return 'zh';
  if (han === 0 && otherScriptWords(text) >= 1) return 'en';
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
    const counts = countHanVariants(question);
    const simplified = counts.simplified;
    // Cantonese (嘅, 咗, 唔, 冇…) is written in Hong Kong, in Traditional characters.
    const cantonese = cantoneseOnly(question);
    const traditional = counts.traditional + cantonese;
    if (traditional > simplified || (cantonese > 0 && traditional === simplified)) return 'zh-TW';
    if (simplified > traditional) return 'zh-CN';
    return interfaceLanguage === 'en' ? 'zh-CN' : interfaceLanguage;
  }
  return interfaceLanguage;
}

/** Characters only Cantonese writes that the script count does not already take as Traditional. */
function cantoneseOnly(text: string): number {
  let count = 0;
  for (const char of text)
    if (CANTONESE_CHARACTERS.has(char) && foldToSimplified(char) === char) count++;
  return count;
}

// The document analysis --------------------------------------------------------------------------

/*
 * Characters of each script are turned into word equivalents (a Chinese word averages about 1.6
 * characters) so a Chinese page and an English page of the same content weigh about the same.
 */

export const ANALYSIS_LANGUAGES = ['zh-CN', 'zh-TW', 'en-US', 'ja-JP', 'ko-KR', 'unknown'] as const;
export type AnalysisLanguage = (typeof ANALYSIS_LANGUAGES)[number];

export interface ScriptCounts {
  han: number;
  kana: number;
  hangulWords: number;
  latinWords: number;
  englishFunctionWords: number;
  simplified: number;
  traditional: number;
}

const ENGLISH_FUNCTION_WORDS = new Set(
  'the and of to in for with on at by from is are was were be we our you your it its this that these those a an as or not can will have has per up about'.split(
    ' ',
  ),
);

export function countScripts(text: string): ScriptCounts {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const kana = text.match(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0;
  const hangulWords = text.match(/\p{Script=Hangul}+/gu)?.length ?? 0;
  const latin = text.match(/\p{Script=Latin}{2,}/gu) ?? [];
  let englishFunctionWords = 0;
  for (const word of latin)
    if (ENGLISH_FUNCTION_WORDS.has(word.toLowerCase())) englishFunctionWords++;
  const { simplified, traditional } = countChineseVariants(text);
  return {
    han,
    kana,
    hangulWords,
    latinWords: latin.length,
    englishFunctionWords,
    simplified,
    traditional,
  };
}

export function addCounts(a: ScriptCounts, b: ScriptCounts): ScriptCounts {
  return {
    han: a.han + b.han,
    kana: a.kana + b.kana,
    hangulWords: a.hangulWords + b.hangulWords,
    latinWords: a.latinWords + b.latinWords,
    englishFunctionWords: a.englishFunctionWords + b.englishFunctionWords,
    simplified: a.simplified + b.simplified,
    traditional: a.traditional + b.traditional,
  };
}

export const EMPTY_COUNTS: ScriptCounts = {
  han: 0,
  kana: 0,
  hangulWords: 0,
  latinWords: 0,
  englishFunctionWords: 0,
  simplified: 0,
  traditional: 0,
};

/** Word equivalents per language found in the counts. */
export function languageVolumes(counts: ScriptCounts): Map<AnalysisLanguage, number> {
  const volumes = new Map<AnalysisLanguage, number>();
  const add = (language: AnalysisLanguage, amount: number) => {
    if (amount > 0) volumes.set(language, (volumes.get(language) ?? 0) + amount);
  };
  // Kana mark Japanese; Japanese text is a third to a half kana, Chinese has none.
  const isJapanese = counts.kana > 0 && counts.kana >= 0.15 * (counts.han + counts.kana);
  if (isJapanese) {
    add('ja-JP', (counts.han + counts.kana) / 2);
  } else {
    add(counts.traditional > counts.simplified ? 'zh-TW' : 'zh-CN', counts.han / 1.6);
  }
  add('ko-KR', counts.hangulWords);
  // Latin text that is not English (no "the", "and", "of"...) is reported as unknown: the
  // analysis languages name no other Latin-script language.
  const isEnglish =
    counts.latinWords < 40 || counts.englishFunctionWords / counts.latinWords >= 0.03;
  add(isEnglish ? 'en-US' : 'unknown', counts.latinWords);
  return volumes;
}

export const LANGUAGE_NAMES: Record<AnalysisLanguage, string> = {
  'zh-CN': 'Simplified Chinese',
  'zh-TW': 'Traditional Chinese',
  'en-US': 'English',
  'ja-JP': 'Japanese',
  'ko-KR': 'Korean',
  unknown: 'an unidentified language',
};
