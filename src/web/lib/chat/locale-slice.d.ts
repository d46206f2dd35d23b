/*
 * `#shared/i18n/<lang>.json?chat-slice.json` is the same locale file under a second module id,
 * so the bundler keeps only the sections the visitor chat imports from it (a plain import
 * shares the owner side's whole-file module). See ./i18n.ts.
 */
declare module '*.json?chat-slice.json' {
  import type en from '#shared/i18n/en.json';
  export const chat: (typeof en)['chat'];
  export const validation: (typeof en)['validation'];
}
