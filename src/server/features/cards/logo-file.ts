import fs from 'node:fs/promises';
import path from 'node:path';
import { DETAILS_LOGO_MAX_BYTES } from '#shared/limits.ts';
import type { TBusinessCard } from '#shared/schemas/cards.ts';
import type { AppContext } from '#server/context.ts';

const LOGO_PATH = /^\/api\/files\/logos\/(\d+)\/([^/]+)$/;
/** The largest logo any form accepts (limits.ts). */
const LOGO_READ_LIMIT = DETAILS_LOGO_MAX_BYTES;

export interface LogoBytes {
  bytes: Uint8Array;
  kind: 'png' | 'jpg';
}

/** The card's logo bytes when it is one of the owner's stored PNG or JPEG files (QR sheets, posters). */
export async function readLogo(ctx: AppContext, card: TBusinessCard): Promise<LogoBytes | null> {
  const match = card.logoUrl ? LOGO_PATH.exec(card.logoUrl) : null;
  if (!match || Number(match[1]) !== card.userId) return null;
  const name = path.basename(match[2]!);
  try {
    const file = path.join(ctx.storage.logosDir(card.userId), name);
    const stat = await fs.stat(file);
    if (stat.size > LOGO_READ_LIMIT) return null;
    const bytes = await fs.readFile(file);
    if (bytes[0] === 0x89 && bytes[1] === 0x50) return { bytes, kind: 'png' };
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return { bytes, kind: 'jpg' };
    return null;
  } catch {
    return null;
  }
}
