import { STORED_LOGO_READ_MAX_BYTES } from '#shared/limits.ts';
import type { TBusinessCard } from '#shared/schemas/cards.ts';
import type { AppContext } from '#server/context.ts';
import { readObjectBytes } from '#server/lib/object-store.ts';
import { logoKey } from '#server/lib/storage-keys.ts';

const LOGO_PATH = /^\/api\/files\/logos\/(\d+)\/([^/]+)$/;
/** The largest logo ever accepted, older ones included (limits.ts). */
const LOGO_READ_LIMIT = STORED_LOGO_READ_MAX_BYTES;

export interface LogoBytes {
  bytes: Uint8Array;
  kind: 'png' | 'jpg';
}

/** The card's logo bytes when it is one of the owner's stored PNG or JPEG files (QR sheets, posters). */
export async function readLogo(ctx: AppContext, card: TBusinessCard): Promise<LogoBytes | null> {
  const match = card.logoUrl ? LOGO_PATH.exec(card.logoUrl) : null;
  if (!match || Number(match[1]) !== card.userId) return null;
  try {
    // An odd name makes the key invalid: get throws, and there is no logo.
    const key = logoKey(card.userId, match[2]!);
    const bytes = await readObjectBytes(ctx.storage, key, LOGO_READ_LIMIT);
    if (!bytes) return null;
    if (bytes[0] === 0x89 && bytes[1] === 0x50) return { bytes, kind: 'png' };
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return { bytes, kind: 'jpg' };
    return null;
  } catch {
    return null;
  }
}
