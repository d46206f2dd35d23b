import { z } from 'zod';
import { safeText } from './text.ts';

/*
 * The contact fields exhibitors ask for beyond the wizard's: job title, WeChat ID, WhatsApp,
 * LinkedIn. Each value is checked here once, for the edit form and for the route alike.
 * Messages are i18n keys (src/shared/i18n, section "validation").
 */

/** Letters, digits, "_" and "-", 3–40 characters (a WeChat ID, or the phone number it is found by). */
const WECHAT_ID = /^[A-Za-z0-9][-_A-Za-z0-9]{2,39}$/;

export function wechatId() {
  return safeText().trim().regex(WECHAT_ID, 'validation.wechatId');
}

/**
 * The E.164 form (+ and 7–15 digits) of a phone number as people type it: spaces, dashes, dots
 * and brackets are ignored; a leading 00 is the international prefix. Null when it is not one.
 */
export function internationalNumber(value: string): string | null {
  const text = value.trim();
  if (!/^(?:\+|00)?[\d\s().-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '').slice(text.startsWith('00') ? 2 : 0);
  if (!/^[1-9]\d{6,14}$/.test(digits)) return null;
  return `+${digits}`;
}

/** A WhatsApp number, stored in its international form (+8613812345678). */
export function whatsappNumber() {
  return safeText()
    .trim()
    .refine((value) => internationalNumber(value) !== null, 'validation.whatsapp')
    .transform((value) => internationalNumber(value) ?? value);
}

/**
 * A LinkedIn profile or company page: https on linkedin.com (or a subdomain such as
 * cn.linkedin.com). "linkedin.com/in/name" gets https:// in front; http and other hosts are refused.
 */
export function linkedinHref(value: string): string | null {
  const text = value.trim();
  if (!text || /\s/.test(text)) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  if (host !== 'linkedin.com' && !host.endsWith('.linkedin.com')) return null;
  return url.toString();
}

export function linkedinUrl() {
  return safeText()
    .trim()
    .max(300, 'validation.tooLong')
    .refine((value) => linkedinHref(value) !== null, 'validation.linkedinUrl')
    .transform((value) => linkedinHref(value) ?? value);
}

export function jobTitle() {
  return safeText().trim().max(100, 'validation.tooLong');
}

/**
 * For edits: absent leaves the field alone, '' (or blanks) clears it, anything else must pass
 * `rule` and gets its messages.
 */
export function clearable<T extends z.ZodType<string, string>>(rule: T) {
  return safeText()
    .trim()
    .transform((value, ctx) => {
      if (value === '') return '';
      const parsed = rule.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    })
    .optional();
}
