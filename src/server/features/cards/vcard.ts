import type { TBusinessCard } from '#shared/schemas/cards.ts';

/** vCard 3.0 text escaping (RFC 2426): backslash, comma, semicolon and newlines. */
function escape(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r?\n/g, '\\n');
}

/** Folds lines longer than 75 octets as the standard asks. */
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

/** A vCard 3.0 for "Save contact": name, company, phone, email, website, address, logo. */
export function buildVCard(card: TBusinessCard, publicUrl: string): string {
  const name = card.contactPerson ?? card.companyName ?? 'DocuCard';
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${escape(name)};;;;`,
    `FN:${escape(name)}`,
    ...(card.companyName ? [`ORG:${escape(card.companyName)}`] : []),
    ...(card.phone ? [`TEL;TYPE=WORK,VOICE:${escape(card.phone)}`] : []),
    ...(card.email ? [`EMAIL;TYPE=INTERNET,WORK:${escape(card.email)}`] : []),
    ...(card.website ? [`URL:${escape(card.website)}`] : []),
    ...(card.address ? [`ADR;TYPE=WORK:;;${escape(card.address)};;;;`] : []),
    ...(card.logoUrl
      ? [
          `PHOTO;VALUE=URI:${card.logoUrl.startsWith('/') ? publicUrl + card.logoUrl : card.logoUrl}`,
        ]
      : []),
    `NOTE:${escape(`Chat with our documents: ${card.chatUrl}`)}`,
    'END:VCARD',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
