import { CONCEPTS } from './concepts.ts';

/*
 * The vocabulary as the question analysis and the retrieval read it: each concept's synonyms,
 * one group a line ("staff" finds "employees", 出口 finds "export", "wood look tiles" finds
 * 仿木纹砖). A form of several English words matches when all of them occur.
 */

export interface LexiconForm {
  /** Latin forms as word lists (stemmed by the caller), CJK forms as one string. */
  words: string[];
  cjk: string | null;
}

export interface LexiconGroup {
  forms: LexiconForm[];
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** The synonym groups, one line each ("price, prices, …, 价格, 报价"), in table order. */
export const LEXICON_GROUPS: readonly string[] = CONCEPTS.map((concept) =>
  concept.words.filter((word) => word.isSynonym).map((word) => word.text),
)
  .filter((synonyms) => synonyms.length > 0)
  .map((synonyms) => synonyms.join(', '));

export function loadLexicon(stem: (word: string) => string): LexiconGroup[] {
  return LEXICON_GROUPS.map((line) => ({
    forms: line
      .split(',')
      .map((form) => form.trim().toLowerCase())
      .filter(Boolean)
      .map((form) =>
        CJK.test(form)
          ? { words: [], cjk: form }
          : {
              words: form.split(/[\s]+/).map((word) => stem(word.replace(/[/-]/g, ''))),
              cjk: null,
            },
      ),
  }));
}
