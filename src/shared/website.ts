/*
 * A company website as people type it ("example.com", "https://example.com/zh") becomes a link
 * only when it is http or https: never javascript:, data:, file: or any other scheme.
 */

/** "scheme:" at the start; "example.com:8080" is a host and port, not a scheme. */
const SCHEME = /^([a-z][a-z0-9+.-]*):(?!\d)/i;

/**
 * The absolute http(s) address a website value stands for, or null when it is empty, not an
 * address, or uses another scheme. A bare host gets https:// in front.
 */
export function websiteHref(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const candidate = SCHEME.test(text) ? text : `https://${text.replace(/^\/+/, '')}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || /\s/.test(text)) return null;
  return candidate;
}

/** The i18n key for a website that is not an http(s) address. */
export const WEBSITE_MESSAGE = 'validation.websiteScheme';
