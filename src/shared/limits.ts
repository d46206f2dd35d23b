/** Limits and constants shared by the server and the browser (spec-core section 9). */

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const PASSWORD_MIN = 8;
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
/** A password-reset link is valid this long, once. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'docucard.sid';

/** Logo in the company details form (the landing/wizard form): spec-core 9, under 20 MB. */
export const DETAILS_LOGO_MAX_BYTES = 20 * 1024 * 1024;
/** Logo on the logo-upload screen and in the edit dialog: spec-core 9, at most 5 MB. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

export const LANGUAGES = ['en', 'zh-CN', 'zh-TW'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
export const LANGUAGE_STORAGE_KEY = 'selectedLanguage';
/** The client names its interface language in this header so server messages match it. */
export const LANGUAGE_HEADER = 'x-language';

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const SESSION_EXPIRY_REDIRECT_MS = 1500;
export const CURRENT_USER_STALE_MS = 5 * 60 * 1000;
export const CURRENT_USER_GC_MS = 10 * 60 * 1000;
export const APP_REFRESH_INTERVAL_MS = 5 * 60 * 1000;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/*
 * Every document format an upload accepts, in the order the upload page names them. The file
 * picker's `accept` list, the upload copy and the server's detection all come from this one list;
 * the server still decides by content, never by the extension.
 */
export const DOCUMENT_FORMATS = [
  { kind: 'pdf', extensions: ['.pdf'] },
  { kind: 'docx', extensions: ['.docx', '.docm', '.dotx'] },
  { kind: 'doc', extensions: ['.doc', '.dot'] },
  { kind: 'wps', extensions: ['.wps'] },
  { kind: 'odt', extensions: ['.odt'] },
  { kind: 'rtf', extensions: ['.rtf'] },
  { kind: 'pptx', extensions: ['.pptx', '.pptm', '.ppsx'] },
  { kind: 'ppt', extensions: ['.ppt', '.pps'], needsLibreOffice: true },
  { kind: 'dps', extensions: ['.dps'], needsLibreOffice: true },
  { kind: 'odp', extensions: ['.odp'] },
  { kind: 'xlsx', extensions: ['.xlsx', '.xlsm'] },
  { kind: 'xls', extensions: ['.xls'] },
  { kind: 'et', extensions: ['.et'] },
  { kind: 'ods', extensions: ['.ods'] },
  { kind: 'csv', extensions: ['.csv', '.tsv'] },
  { kind: 'txt', extensions: ['.txt', '.md'] },
  { kind: 'jpg', extensions: ['.jpg', '.jpeg'] },
  { kind: 'png', extensions: ['.png'] },
  /** A Word "web page" saved as .doc: read as the HTML it really is (never offered by name). */
  { kind: 'html', extensions: [] },
] as const satisfies ReadonlyArray<{
  kind: string;
  extensions: readonly string[];
  needsLibreOffice?: boolean;
}>;

export type DocumentFormatKind = (typeof DOCUMENT_FORMATS)[number]['kind'];
export const DOCUMENT_FORMAT_KINDS = DOCUMENT_FORMATS.map((format) => format.kind);
/** What the file picker offers (`accept`). */
export const DOCUMENT_ACCEPT_LIST: string = DOCUMENT_FORMATS.flatMap(
  (format) => format.extensions,
).join(',');
