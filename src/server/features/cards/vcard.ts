import type { Language } from '#shared/limits.ts';
import { internationalNumber, linkedinHref } from '#shared/schemas/card-contact.ts';
import type { TBusinessCard } from '#shared/schemas/cards.ts';
import { websiteHref } from '#shared/website.ts';
import { translate } from '#server/lib/i18n.ts';
import { personName } from './person-name.ts';

/** vCard text escaping (RFC 6350 3.4): backslash, comma, semicolon and newlines. */
function escape(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r?\n/g, '\\n');
}

/** Folds lines longer than 75 octets as the standard asks (never inside a character). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    if (Buffer.byteLength(current + char, 'utf8') > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** Our own files by path; anything else only when it is an http(s) address. */
function photoUrl(logoUrl: string | null, publicUrl: string): string | null {
  if (!logoUrl) return null;
  if (logoUrl.startsWith('/') && !logoUrl.startsWith('//')) return publicUrl + logoUrl;
  return /^https?:\/\//i.test(logoUrl) ? websiteHref(logoUrl) : null;
}

/** Only https addresses become URL lines (a bare host gets https://). */
function httpsOnly(value: string | null): string | null {
  const href = websiteHref(value);
  return href && /^https:\/\//i.test(href) ? href : null;
}

const WECHAT_ID = /^[A-Za-z0-9][-_A-Za-z0-9]{2,39}$/;

/** A phone as a tel: URI when it is one number, else the text as written. */
function telLine(phone: string): string {
  const number = internationalNumber(phone);
  return number
    ? `TEL;VALUE=uri;TYPE="work,voice":tel:${number}`
    : `TEL;TYPE=work:${escape(phone)}`;
}

/**
 * "Save contact": a vCard 4.0 (RFC 6350) with the person's structured name (N: family;given —
 * as typed in the card's family and given name fields, else split from the contact name, a
 * Chinese one surname first: see person-name.ts), company,
 * job title, phone, email, https website and LinkedIn, WeChat and WhatsApp as IMPP, address,
 * logo, and a note in the visitor's language with the chat link.
 * Every value stored earlier is checked again here: a bad one is left out, never written.
 */
export function buildVCard(card: TBusinessCard, publicUrl: string, language: Language): string {
  const person = card.contactPerson?.trim() || null;
  const company = card.companyName?.trim() || null;
  const fullName = person ?? company ?? 'DocuCard';
  const typed = { family: card.familyName?.trim() ?? '', given: card.givenName?.trim() ?? '' };
  const name = typed.family || typed.given ? typed : person ? personName(person) : null;
  const website = httpsOnly(card.website);
  const linkedin = card.linkedinUrl ? linkedinHref(card.linkedinUrl) : null;
  const whatsapp = card.whatsapp ? internationalNumber(card.whatsapp) : null;
  const wechat = card.wechatId && WECHAT_ID.test(card.wechatId) ? card.wechatId : null;
  const photo = photoUrl(card.logoUrl, publicUrl);
  const note = translate(language, 'vcard.note', { url: card.chatUrl });
  const lines = [
    'BEGIN:VCARD',
    'VERSION:4.0',
    `KIND:${person ? 'individual' : 'org'}`,
    `FN:${escape(fullName)}`,
    ...(name ? [`N:${escape(name.family)};${escape(name.given)};;;`] : []),
    ...(company ? [`ORG:${escape(company)}`] : []),
    ...(card.jobTitle?.trim() ? [`TITLE:${escape(card.jobTitle.trim())}`] : []),
    ...(card.phone?.trim() ? [telLine(card.phone.trim())] : []),
    ...(card.email ? [`EMAIL;TYPE=work:${escape(card.email)}`] : []),
    ...(website ? [`URL;TYPE=work:${website}`] : []),
    ...(linkedin ? [`URL;TYPE=linkedin:${linkedin}`] : []),
    ...(wechat ? [`IMPP;PREF=1:weixin:${wechat}`] : []),
    ...(whatsapp ? [`IMPP:whatsapp:${whatsapp}`] : []),
    ...(card.address ? [`ADR;TYPE=work:;;${escape(card.address)};;;;`] : []),
    ...(photo ? [`PHOTO:${photo}`] : []),
    `NOTE:${escape(note)}`,
    'END:VCARD',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
