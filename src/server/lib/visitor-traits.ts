import type { FastifyRequest } from 'fastify';
import UAParser from 'ua-parser-js';
import { fromTrustedProxy } from './trust-proxy.ts';

/** What kind of screen a visitor used; stored in visitor_sessions.device_type. */
export type DeviceType = 'mobile' | 'tablet' | 'desktop';

/**
 * The device class of a User-Agent, read by ua-parser-js (no home-made regexes).
 * Phones, wearables and feature phones count as mobile; tablets (an iPad included) as tablet;
 * everything else — desktops, TVs, bots, an empty header — as desktop.
 */
export function deviceTypeOf(userAgent: string | null | undefined): DeviceType {
  if (!userAgent) return 'desktop';
  const { device } = new UAParser(userAgent.slice(0, 512)).getResult();
  if (device.type === 'tablet') return 'tablet';
  if (device.type === 'mobile' || device.type === 'wearable') return 'mobile';
  return 'desktop';
}

/**
 * Common IANA zones → ISO 3166-1 alpha-2 country. A zone names a place, not a person, but at a
 * trade fair it is the best offline hint of where a visitor's phone is set up (no GeoIP service).
 */
const ZONE_COUNTRY: Readonly<Record<string, string>> = {
  // Greater China and East Asia
  'Asia/Shanghai': 'CN',
  'Asia/Chongqing': 'CN',
  'Asia/Chungking': 'CN',
  'Asia/Harbin': 'CN',
  'Asia/Urumqi': 'CN',
  'Asia/Kashgar': 'CN',
  PRC: 'CN',
  'Asia/Hong_Kong': 'HK',
  Hongkong: 'HK',
  'Asia/Macau': 'MO',
  'Asia/Macao': 'MO',
  'Asia/Taipei': 'TW',
  ROC: 'TW',
  'Asia/Tokyo': 'JP',
  Japan: 'JP',
  'Asia/Seoul': 'KR',
  'Asia/Pyongyang': 'KP',
  'Asia/Ulaanbaatar': 'MN',
  // South-east and South Asia
  'Asia/Singapore': 'SG',
  'Asia/Kuala_Lumpur': 'MY',
  'Asia/Bangkok': 'TH',
  'Asia/Ho_Chi_Minh': 'VN',
  'Asia/Saigon': 'VN',
  'Asia/Jakarta': 'ID',
  'Asia/Manila': 'PH',
  'Asia/Yangon': 'MM',
  'Asia/Phnom_Penh': 'KH',
  'Asia/Kolkata': 'IN',
  'Asia/Calcutta': 'IN',
  'Asia/Karachi': 'PK',
  'Asia/Dhaka': 'BD',
  'Asia/Colombo': 'LK',
  'Asia/Kathmandu': 'NP',
  // Middle East and Central Asia
  'Asia/Dubai': 'AE',
  'Asia/Riyadh': 'SA',
  'Asia/Qatar': 'QA',
  'Asia/Kuwait': 'KW',
  'Asia/Tehran': 'IR',
  'Asia/Jerusalem': 'IL',
  'Asia/Tel_Aviv': 'IL',
  'Europe/Istanbul': 'TR',
  'Asia/Istanbul': 'TR',
  'Asia/Almaty': 'KZ',
  'Asia/Tashkent': 'UZ',
  // Europe
  'Europe/London': 'GB',
  'Europe/Dublin': 'IE',
  'Europe/Lisbon': 'PT',
  'Europe/Madrid': 'ES',
  'Europe/Paris': 'FR',
  'Europe/Brussels': 'BE',
  'Europe/Amsterdam': 'NL',
  'Europe/Luxembourg': 'LU',
  'Europe/Berlin': 'DE',
  'Europe/Zurich': 'CH',
  'Europe/Vienna': 'AT',
  'Europe/Rome': 'IT',
  'Europe/Copenhagen': 'DK',
  'Europe/Oslo': 'NO',
  'Europe/Stockholm': 'SE',
  'Europe/Helsinki': 'FI',
  'Europe/Warsaw': 'PL',
  'Europe/Prague': 'CZ',
  'Europe/Budapest': 'HU',
  'Europe/Bucharest': 'RO',
  'Europe/Sofia': 'BG',
  'Europe/Athens': 'GR',
  'Europe/Kiev': 'UA',
  'Europe/Kyiv': 'UA',
  'Europe/Moscow': 'RU',
  // Americas
  'America/New_York': 'US',
  'America/Detroit': 'US',
  'America/Chicago': 'US',
  'America/Denver': 'US',
  'America/Phoenix': 'US',
  'America/Los_Angeles': 'US',
  'America/Anchorage': 'US',
  'Pacific/Honolulu': 'US',
  'US/Eastern': 'US',
  'US/Central': 'US',
  'US/Mountain': 'US',
  'US/Pacific': 'US',
  'America/Toronto': 'CA',
  'America/Vancouver': 'CA',
  'America/Edmonton': 'CA',
  'America/Winnipeg': 'CA',
  'America/Halifax': 'CA',
  'America/Mexico_City': 'MX',
  'America/Bogota': 'CO',
  'America/Lima': 'PE',
  'America/Santiago': 'CL',
  'America/Sao_Paulo': 'BR',
  'America/Argentina/Buenos_Aires': 'AR',
  'America/Buenos_Aires': 'AR',
  // Africa and Oceania
  'Africa/Cairo': 'EG',
  'Africa/Lagos': 'NG',
  'Africa/Nairobi': 'KE',
  'Africa/Johannesburg': 'ZA',
  'Africa/Casablanca': 'MA',
  'Australia/Sydney': 'AU',
  'Australia/Melbourne': 'AU',
  'Australia/Brisbane': 'AU',
  'Australia/Perth': 'AU',
  'Australia/Adelaide': 'AU',
  'Pacific/Auckland': 'NZ',
};

/** A language tag's region (`en-GB` → GB, `zh-Hant-TW` → TW); a bare language says nothing. */
function regionOfLanguage(language: string): string | null {
  for (const part of language.split(/[-_]/).slice(1)) {
    if (/^[A-Za-z]{2}$/.test(part)) return part.toUpperCase();
  }
  return null;
}

/** What a visitor's requests say about where they are. */
export interface CountrySignals {
  /** The country a trusted proxy named (proxyCountry). */
  proxyCountry?: string | null;
  /** The browser's IANA time zone. */
  timeZone?: string | null;
  /** The browser's Accept-Language header (its first tag's region counts). */
  acceptLanguage?: string | null;
  /** The interface language tag (`zh-TW` says TW). */
  language?: string | null;
}

/**
 * The visitor's likely country (ISO alpha-2): the one rule for every screen that shows where a
 * visitor is (the owner's notification, the analytics, the pipeline and its exports). A
 * trusted proxy's country header first, then the browser's time zone, then the region of its
 * first Accept-Language tag, then that of the interface language; null when none says
 * anything (e.g. `UTC` and `en`). Stored on the visitor's session as they come
 * (visitor-sessions.ts) and read from there by everyone (sessionCountry).
 */
export function countryOf({
  proxyCountry,
  timeZone,
  acceptLanguage,
  language,
}: CountrySignals): string | null {
  if (proxyCountry) return proxyCountry;
  const fromZone = timeZone ? ZONE_COUNTRY[timeZone] : undefined;
  if (fromZone) return fromZone;
  const browserTag = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim();
  const fromBrowser = browserTag ? regionOfLanguage(browserTag) : null;
  if (fromBrowser) return fromBrowser;
  return language ? regionOfLanguage(language.trim()) : null;
}

/**
 * The country a stored visitor session shows: the one resolved when the visitor came, or, for
 * a session stored before that was kept, what its time zone and language say.
 */
export function sessionCountry(session: {
  country?: string | null;
  timeZone?: string | null;
  language?: string | null;
}): string | null {
  return session.country ?? countryOf({ timeZone: session.timeZone, language: session.language });
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country code as the owner's notification names it (`DE` → Germany). */
export function countryName(code: string | null): string | null {
  if (!code) return null;
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Accepts what `Intl.DateTimeFormat().resolvedOptions().timeZone` can produce (`Etc/GMT+8` too). */
export const IANA_TIME_ZONE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

/** A time zone as the client sent it, or null when it does not look like an IANA name. */
export function cleanTimeZone(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const zone = value.trim();
  return zone.length > 0 && zone.length <= 64 && IANA_TIME_ZONE.test(zone) ? zone : null;
}

/**
 * Headers in which CDNs and reverse proxies name the client's country (ISO 3166-1 alpha-2):
 * Cloudflare, Vercel, CloudFront, App Engine, and the common nginx/GeoIP spelling.
 */
export const COUNTRY_HEADERS = [
  'cf-ipcountry',
  'x-vercel-ip-country',
  'cloudfront-viewer-country',
  'x-appengine-country',
  'x-country-code',
] as const;

/**
 * The country a trusted proxy says the client is in, or null. Anyone can send these headers,
 * so they count only when the request's direct peer is a proxy TRUST_PROXY names (the rule
 * Fastify applies to X-Forwarded-For). `XX` (unknown) and `T1` (Tor) say nothing.
 */
export function proxyCountry(request: FastifyRequest): string | null {
  if (!fromTrustedProxy(request)) return null;
  for (const name of COUNTRY_HEADERS) {
    const value = request.headers[name];
    if (typeof value !== 'string') continue;
    const code = value.trim().toUpperCase();
    if (/^[A-Z]{2}$/.test(code) && code !== 'XX' && code !== 'T1') return code;
  }
  return null;
}
