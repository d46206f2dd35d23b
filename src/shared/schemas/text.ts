import { z } from 'zod';
import { hasUnsafeCharacters, UNSAFE_TEXT_MESSAGE } from '../safe-text.ts';
import { WEBSITE_MESSAGE, websiteHref } from '../website.ts';

/*
 * The building blocks of every text field in src/shared/schemas: each starts from safeText(),
 * so a NUL byte or a lone surrogate is a field error (400), never a database error (500).
 * Messages are i18n keys (src/shared/i18n, section "validation").
 */

/** A string without NUL bytes or lone surrogates. Chain .trim(), .min(), .max() as usual. */
export function safeText() {
  return z.string().refine((value) => !hasUnsafeCharacters(value), UNSAFE_TEXT_MESSAGE);
}

/** Trimmed text up to `max`; blank means "not given" (undefined). */
export function optionalText(max: number) {
  return safeText()
    .trim()
    .max(max, 'validation.tooLong')
    .optional()
    .transform((value) => (value ? value : undefined));
}

/** For partial updates: absent leaves the field alone, '' clears it (the service stores null). */
export function clearableText(max: number) {
  return safeText().trim().max(max, 'validation.tooLong').optional();
}

/** A normalised (trimmed, lower-case) email address. */
export function emailAddress() {
  return safeText().trim().toLowerCase().pipe(z.email('validation.email'));
}

const anEmail = z.email();

/** An email address or '' ("none"); absent is allowed. Each mistake gets its own message. */
export function optionalEmail() {
  return safeText()
    .trim()
    .toLowerCase()
    .refine((value) => value === '' || anEmail.safeParse(value).success, 'validation.email')
    .optional();
}

/** A website: blank, or an http(s) address ("example.com" counts: https:// is implied). */
export function websiteText(max: number) {
  return safeText()
    .trim()
    .max(max, 'validation.tooLong')
    .refine((value) => value === '' || websiteHref(value) !== null, WEBSITE_MESSAGE);
}

/** An absolute http(s) URL (logos and other links we store), or '' for none. */
export function optionalHttpUrl(max: number) {
  return z
    .union([
      z.literal(''),
      safeText()
        .max(max, 'validation.tooLong')
        .pipe(z.url({ protocol: /^https?$/, error: 'validation.url' })),
    ])
    .optional()
    .transform((value) => (value ? value : undefined));
}
