import { desc } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { users, type User } from '#server/db/schema.ts';

/** Every account, newest first (the admin panel's list). */
export function listUsers(ctx: AppContext): Promise<User[]> {
  return ctx.db.select().from(users).orderBy(desc(users.createdAt)).limit(500);
}
