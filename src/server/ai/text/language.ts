// Script and language detection live in text/language.ts; this path is kept for the files that
// import it (and their tests).
export {
  answerLanguage,
  scriptCounts,
  scriptFamily,
  type ChatLanguage,
  type ScriptFamily,
} from '#server/text/language.ts';
