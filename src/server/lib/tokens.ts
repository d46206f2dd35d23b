import { createHmac, randomBytes } from 'node:crypto';

/** An opaque random token for a cookie or a link. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token itself. */
export function hashToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('base64url');
}
