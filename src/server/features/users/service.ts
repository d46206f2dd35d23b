import { and, desc, eq } from 'drizzle-orm';
import type { TCardOwner, TCompanyDetailsData } from '#shared/schemas/cards.ts';
import type { AppContext } from '#server/context.ts';
import { documents, users, type User } from '#server/db/schema.ts';
import { releaseLogo } from '#server/features/files/service.ts';
import { ownerChanged } from '#server/lib/public-card-cache.ts';

export function toCardOwner(user: User): TCardOwner {
  return {
    id: user.id,
    username: user.username,
    companyName: user.companyName,
    companyLogo: user.companyLogo,
    email: user.email,
    phone: user.phone,
    website: user.website,
    address: user.address,
  };
}

/**
 * Saves the company details of the signed-in user. The details form's "name" is the contact
 * person shown on the card; the account's login name and email stay as they are.
 */
export async function saveCompanyProfile(
  ctx: AppContext,
  userId: number,
  details: TCompanyDetailsData,
  companyLogo: string | undefined,
): Promise<User> {
  const previous = companyLogo ? await currentLogo(ctx, userId) : null;
  const [user] = await ctx.db
    .update(users)
    .set({
      companyName: details.companyName,
      phone: details.phone,
      website: details.website,
      address: details.address ?? null,
      ...(companyLogo ? { companyLogo } : {}),
    })
    .where(eq(users.id, userId))
    .returning();
  // Cards show the owner's company details where their own are empty.
  await ownerChanged(ctx, userId);
  if (companyLogo && previous !== companyLogo) await releaseLogo(ctx, userId, previous);
  return user!;
}

async function currentLogo(ctx: AppContext, userId: number): Promise<string | null> {
  const [row] = await ctx.db
    .select({ companyLogo: users.companyLogo })
    .from(users)
    .where(eq(users.id, userId));
  return row?.companyLogo ?? null;
}

export async function setCompanyLogo(ctx: AppContext, userId: number, companyLogo: string) {
  const previous = await currentLogo(ctx, userId);
  await ctx.db.update(users).set({ companyLogo }).where(eq(users.id, userId));
  await ownerChanged(ctx, userId);
  if (previous !== companyLogo) await releaseLogo(ctx, userId, previous);
}

export function listUserDocuments(ctx: AppContext, userId: number) {
  return ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.userId, userId)))
    .orderBy(desc(documents.createdAt));
}
