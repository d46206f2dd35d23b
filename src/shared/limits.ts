/** Limits and constants shared by the server and the browser (spec-core section 9). */

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const PASSWORD_MIN = 8;
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'docucard.sid';

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
