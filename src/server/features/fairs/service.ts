import { asc, gt } from 'drizzle-orm';
import type { TTradeFair } from '#shared/schemas/public.ts';
import type { AppContext } from '#server/context.ts';
import { tradeFairs } from '#server/db/schema.ts';

type FairRow = typeof tradeFairs.$inferSelect;

export function toFairResponse(row: FairRow): TTradeFair {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    fullName: row.fullName,
    location: row.location,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    category: row.category,
    region: row.region,
    description: row.description,
  };
}

/** Fairs that have not ended yet (upcoming and running), soonest first. */
export async function listCurrentFairs(ctx: AppContext): Promise<FairRow[]> {
  return ctx.db
    .select()
    .from(tradeFairs)
    .where(gt(tradeFairs.endsAt, ctx.now()))
    .orderBy(asc(tradeFairs.startsAt), asc(tradeFairs.id));
}

/** Every fair, past ones too (the admin editor), by start date. */
export function listAllFairs(ctx: AppContext): Promise<FairRow[]> {
  return ctx.db.select().from(tradeFairs).orderBy(asc(tradeFairs.startsAt), asc(tradeFairs.id));
}
