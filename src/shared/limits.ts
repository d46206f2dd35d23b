/** Limits and constants shared by the server and the browser. */

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const PASSWORD_MIN = 8;
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
/** A password-reset link is valid this long, once. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'docucard.sid';

/**
 * The one logo rule: the wizard's company details, the logo screen, the card editor and the
 * server all take a PNG, JPEG, GIF or WebP image of at most 5 MB (checked by its bytes on the
 * server; never SVG, which could carry script).
 */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
/** Accepted logo types and the extension each is stored under. */
export const LOGO_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
} as const;
export type LogoMimeType = keyof typeof LOGO_TYPES;
/** What the logo file pickers offer. */
export const LOGO_ACCEPT: string = Object.keys(LOGO_TYPES).join(',');
export function isLogoType(type: string | null | undefined): type is LogoMimeType {
  return typeof type === 'string' && Object.hasOwn(LOGO_TYPES, type);
}
/**
 * Logos stored before the rule was one could be up to 20 MB (the old details form): the
 * largest stored logo the server reads back (QR sheets, posters).
 */
export const STORED_LOGO_READ_MAX_BYTES = 20 * 1024 * 1024;

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
/** Cache lifetime of the public landing figures (server and page). */
export const PUBLIC_ANALYTICS_CACHE_MS = 5 * 60 * 1000;

/*
 * Plain lists the browser reads without zod (the schema modules build their enums from them and
 * re-export them): the card showcase's template picker and the owner's notifications.
 */
export const CARD_TEMPLATES = [
  'modern',
  'minimal',
  'gradient',
  'corporate',
  'chinese',
  'tech',
] as const;
export const LEAD_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The text in the reader's language, else in the first language that has one. */
export function inReaderLanguage(value: Record<Language, string>, language: string): string {
  const own = isLanguage(language) ? value[language] : '';
  return own || LANGUAGES.map((l) => value[l]).find(Boolean) || '';
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

/*
 * What a visitor may send and hold open. The per-address limits are generous — a whole fair
 * hall may share one NAT address — but they bound a client that leaves out the visitor cookie.
 * Photo budgets count only chat photos: the owner's documents have their own quota.
 */
const MB = 1024 * 1024;
/** Chat photos one card keeps in all; beyond it new photos are refused (413). */
export const CHAT_PHOTO_STORAGE_BYTES_PER_CARD = 200 * MB;
/** The window of the hourly photo budgets below. */
export const CHAT_PHOTO_WINDOW_MS = 60 * 60 * 1000;
export const CHAT_PHOTO_BYTES_PER_HOUR_PER_CARD = 50 * MB;
export const CHAT_PHOTO_BYTES_PER_HOUR_PER_ADDRESS = 50 * MB;
export const CHAT_PHOTO_BYTES_PER_HOUR_PER_VISITOR = 10 * MB;
export const CHAT_PHOTOS_PER_HOUR_PER_ADDRESS = 120;
export const CHAT_PHOTOS_PER_HOUR_PER_VISITOR = 20;
/**
 * A chat photo's width × height, read from its header before it is decoded (the decoder's
 * memory follows from it). The browser sends photos at most 600 px on the long side once they
 * are over 200 KB, so this is room for an unscaled phone photo or a screenshot.
 */
export const CHAT_PHOTO_MAX_PIXELS = 12_000_000;
/** Open live streams (GET /api/chat/events/:id) per visitor and per client address. */
export const CHAT_EVENT_STREAMS_PER_VISITOR = 5;
export const CHAT_EVENT_STREAMS_PER_ADDRESS = 200;
/** Open agent WebSockets (/ws/customer-service) per account: the notify benchmark opens 10,000. */
export const AGENT_SOCKETS_PER_ACCOUNT = 10_000;

/** The limits above as one object: the server reads them from here, tests may lower them. */
export const VISITOR_LIMITS = {
  chatPhotoStorageBytesPerCard: CHAT_PHOTO_STORAGE_BYTES_PER_CARD,
  chatPhotoWindowMs: CHAT_PHOTO_WINDOW_MS,
  chatPhotoBytesPerCard: CHAT_PHOTO_BYTES_PER_HOUR_PER_CARD,
  chatPhotoBytesPerAddress: CHAT_PHOTO_BYTES_PER_HOUR_PER_ADDRESS,
  chatPhotoBytesPerVisitor: CHAT_PHOTO_BYTES_PER_HOUR_PER_VISITOR,
  chatPhotosPerAddress: CHAT_PHOTOS_PER_HOUR_PER_ADDRESS,
  chatPhotosPerVisitor: CHAT_PHOTOS_PER_HOUR_PER_VISITOR,
  chatPhotoMaxPixels: CHAT_PHOTO_MAX_PIXELS,
  eventStreamsPerVisitor: CHAT_EVENT_STREAMS_PER_VISITOR,
  eventStreamsPerAddress: CHAT_EVENT_STREAMS_PER_ADDRESS,
  agentSocketsPerAccount: AGENT_SOCKETS_PER_ACCOUNT,
} as const;
export type VisitorLimits = { readonly [K in keyof typeof VISITOR_LIMITS]: number };
