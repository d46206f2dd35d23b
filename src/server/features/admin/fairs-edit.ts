import { eq, notInArray } from 'drizzle-orm';
import type { TTradeFairInput } from '#shared/admin.ts';
import type { AppContext } from '#server/context.ts';
import { tradeFairs, type User } from '#server/db/schema.ts';
import { listAllFairs } from '#server/features/fairs/service.ts';
import { AppError } from '#server/lib/errors.ts';
import { recordAudit } from './audit.ts';

type FairRow = typeof tradeFairs.$inferSelect;

/** A readable key from a name ("Canton Fair 2027" → "canton-fair-2027"); "fair" when none. */
function slugFrom(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'fair';
}

/** Keeps given and existing slugs; new fairs without one get a unique key from the name. */
function assignSlugs(inputs: TTradeFairInput[], existing: Map<number, FairRow>): string[] {
  const taken = new Set<string>();
  const slugs = inputs.map((input) => {
    const slug = input.slug || (input.id ? existing.get(input.id)?.slug : undefined);
    if (!slug) return undefined;
    if (taken.has(slug))
      throw new AppError('VALIDATION_ERROR', 'admin.errors.duplicateSlug', { slug });
    taken.add(slug);
    return slug;
  });
  return slugs.map((slug, index) => {
    if (slug) return slug;
    const base = slugFrom(inputs[index]!.name);
    let candidate = base;
    for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
    taken.add(candidate);
    return candidate;
  });
}

export interface FairsChange {
  added: number;
  updated: number;
  removed: number;
}

/**
 * Replaces the whole list in one transaction: fairs with a known id are edited, those without
 * an id are added, and the ones left out are deleted (decision 017). The landing page reads
 * the table on every request, so the change shows at once.
 */
export async function replaceFairs(
  ctx: AppContext,
  actor: User,
  inputs: TTradeFairInput[],
): Promise<{ fairs: FairRow[]; change: FairsChange }> {
  const existing = new Map((await listAllFairs(ctx)).map((row) => [row.id, row]));
  const unknown = inputs.find((input) => input.id !== undefined && !existing.has(input.id));
  if (unknown) throw new AppError('NOT_FOUND', 'admin.errors.unknownFair', { id: unknown.id! });
  const ids = inputs.flatMap((input) => (input.id ? [input.id] : []));
  if (new Set(ids).size !== ids.length) {
    throw new AppError('VALIDATION_ERROR', 'admin.errors.duplicateFair');
  }
  const slugs = assignSlugs(inputs, existing);

  const change = await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(tradeFairs)
      .where(ids.length ? notInArray(tradeFairs.id, ids) : undefined)
      .returning({ id: tradeFairs.id });
    // Free the kept rows' slugs first, so two fairs may swap keys in one save.
    if (ids.length) {
      for (const id of ids) {
        await tx
          .update(tradeFairs)
          .set({ slug: `__saving-${id}` })
          .where(eq(tradeFairs.id, id));
      }
    }
    let added = 0;
    for (const [index, input] of inputs.entries()) {
      const values = {
        slug: slugs[index]!,
        name: input.name,
        fullName: input.fullName || input.name,
        location: input.location,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        category: input.category,
        region: input.region,
        description: input.description,
      };
      if (input.id) {
        await tx.update(tradeFairs).set(values).where(eq(tradeFairs.id, input.id));
      } else {
        await tx.insert(tradeFairs).values(values);
        added += 1;
      }
    }
    const result = { added, updated: ids.length, removed: removed.length };
    await recordAudit(tx, actor, {
      action: 'trade-fairs.replace',
      target: 'trade-fairs',
      details: { ...result, names: inputs.map((input) => input.name).slice(0, 20) },
    });
    return result;
  });
  return { fairs: await listAllFairs(ctx), change };
}
