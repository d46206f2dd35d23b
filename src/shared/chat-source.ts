/*
 * Where a visitor came from: the chat URL carries ?src=…, the server keeps
 * one of these on the visitor session, and analytics counts them. Anything else is "direct".
 */

export const CHAT_SOURCES = ['qr', 'link', 'share', 'poster', 'direct'] as const;
export type ChatSource = (typeof CHAT_SOURCES)[number];

/** The allow-listed source a `?src=` value names; unknown or missing values are `direct`. */
export function chatSource(raw: unknown): ChatSource {
  const value = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  return CHAT_SOURCES.find((source) => source === value) ?? 'direct';
}

/** The chat URL marked with where it is handed out (QR code, copied link, share button…). */
export function withSource(chatUrl: string, source: ChatSource): string {
  try {
    const url = new URL(chatUrl);
    url.searchParams.set('src', source);
    return url.toString();
  } catch {
    // A relative path: keep it relative.
    const [base = '', query = ''] = chatUrl.split('?', 2);
    const params = new URLSearchParams(query);
    params.set('src', source);
    return `${base}?${params.toString()}`;
  }
}
