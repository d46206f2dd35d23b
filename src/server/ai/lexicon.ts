// The synonym groups are a view of the trade vocabulary (vocabulary/synonyms.ts); this path is
// kept for the tests that import it.
export {
  LEXICON_GROUPS,
  loadLexicon,
  type LexiconForm,
  type LexiconGroup,
} from '#server/vocabulary/synonyms.ts';
