import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  CARD_DETAIL_FIELDS,
  ZAnalysisResult,
  type TAiModel,
  type TAiProvider,
  type TBusinessCard,
  type TCardTemplate,
  type TUpdateCardRequest,
} from '#shared/schemas/cards.ts';
import type { AppContext } from '#server/context.ts';
import { businessCards, documents, users, type User } from '#server/db/schema.ts';
import { notFound } from '#server/lib/errors.ts';
import { toCardOwner } from '#server/features/users/service.ts';
import { deleteDocumentFiles } from '#server/features/documents/service.ts';
import { releaseLogo } from '#server/features/files/service.ts';
import { cardChanged, readPublicCard } from '#server/lib/public-card-cache.ts';

// What a poster (features/marketing) prints of a card: its logo and a QR code as on the sheets.
export { readLogo } from './logo-file.ts';
export { qrSvg } from './qr-print.ts';

type CardRow = typeof businessCards.$inferSelect;

export const chatPath = (cardId: number) => `/chat/card/${cardId}`;

/** The card as the owner's screens see it: its own values, else the owner's. */
export function toCardResponse(
  ctx: AppContext,
  card: CardRow,
  owner: User,
  documentCount: number,
): TBusinessCard {
  const qrCode = card.qrCode ?? chatPath(card.id);
  const analysis = ZAnalysisResult.safeParse(card.documentAnalysisSummary);
  return {
    id: card.id,
    userId: card.userId,
    qrCode,
    chatUrl: `${ctx.config.publicUrl}${qrCode}`,
    cardDesign: card.cardDesign,
    companyName: card.companyName ?? owner.companyName ?? owner.organization,
    contactPerson: card.contactPerson ?? owner.username,
    email: card.email ?? owner.email,
    phone: card.phone ?? owner.phone,
    website: card.website ?? owner.website,
    address: card.address ?? owner.address,
    familyName: card.familyName,
    givenName: card.givenName,
    jobTitle: card.jobTitle,
    wechatId: card.wechatId,
    whatsapp: card.whatsapp,
    linkedinUrl: card.linkedinUrl,
    logoUrl: card.logoUrl ?? owner.companyLogo ?? owner.logoUrl,
    cardTemplate: card.cardTemplate as TCardTemplate,
    primaryColor: card.primaryColor,
    secondaryColor: card.secondaryColor,
    selectedAiModel: card.selectedAiModel as TAiProvider,
    recommendedAiModel: card.recommendedAiModel as TAiModel,
    modelRecommendationReason: card.modelRecommendationReason,
    aiModelAnalysis: analysis.success ? analysis.data : null,
    documentCount,
    finalized: card.finalizedAt !== null,
    status: card.finalizedAt !== null ? 'ready' : 'draft',
    user: toCardOwner(owner),
    createdAt: card.createdAt.toISOString(),
    updatedAt: card.updatedAt.toISOString(),
  };
}

async function documentCounts(ctx: AppContext, cardIds: number[]): Promise<Map<number, number>> {
  if (cardIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ cardId: documents.businessCardId, n: count() })
    .from(documents)
    .where(inArray(documents.businessCardId, cardIds))
    .groupBy(documents.businessCardId);
  return new Map(rows.map((row) => [row.cardId!, Number(row.n)]));
}

async function respond(ctx: AppContext, card: CardRow, owner: User): Promise<TBusinessCard> {
  const counts = await documentCounts(ctx, [card.id]);
  return toCardResponse(ctx, card, owner, counts.get(card.id) ?? 0);
}

/** The owner's card, or a 404 (also for another owner's card: no hint that it exists). */
export async function findOwnedCard(
  ctx: AppContext,
  userId: number,
  cardId: number,
): Promise<CardRow> {
  const [card] = await ctx.db
    .select()
    .from(businessCards)
    .where(and(eq(businessCards.id, cardId), eq(businessCards.userId, userId)))
    .limit(1);
  if (!card) throw notFound();
  return card;
}

export interface NewCardFields {
  template?: TCardTemplate;
  companyName?: string | undefined;
  contactPerson?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  website?: string | undefined;
  address?: string | undefined;
  logoUrl?: string | undefined;
}

export async function createCard(
  ctx: AppContext,
  owner: User,
  fields: NewCardFields = {},
): Promise<TBusinessCard> {
  const card = await ctx.db.transaction(async (tx) => {
    const [draft] = await tx
      .insert(businessCards)
      .values({
        userId: owner.id,
        cardTemplate: fields.template ?? 'modern',
        companyName: fields.companyName ?? null,
        contactPerson: fields.contactPerson ?? null,
        email: fields.email ?? null,
        phone: fields.phone ?? null,
        website: fields.website ?? null,
        address: fields.address ?? null,
        logoUrl: fields.logoUrl ?? null,
      })
      .returning();
    const [withQr] = await tx
      .update(businessCards)
      .set({ qrCode: chatPath(draft!.id) })
      .where(eq(businessCards.id, draft!.id))
      .returning();
    return withQr!;
  });
  return toCardResponse(ctx, card, owner, 0);
}

export async function listCards(ctx: AppContext, owner: User): Promise<TBusinessCard[]> {
  const cards = await ctx.db
    .select()
    .from(businessCards)
    .where(eq(businessCards.userId, owner.id))
    .orderBy(desc(businessCards.createdAt), desc(businessCards.id));
  const counts = await documentCounts(
    ctx,
    cards.map((card) => card.id),
  );
  return cards.map((card) => toCardResponse(ctx, card, owner, counts.get(card.id) ?? 0));
}

export async function getCard(
  ctx: AppContext,
  owner: User,
  cardId: number,
): Promise<TBusinessCard> {
  return respond(ctx, await findOwnedCard(ctx, owner.id, cardId), owner);
}

export async function updateCard(
  ctx: AppContext,
  owner: User,
  cardId: number,
  changes: TUpdateCardRequest,
): Promise<TBusinessCard> {
  const current = await findOwnedCard(ctx, owner.id, cardId);
  const set: Partial<typeof businessCards.$inferInsert> = {};
  for (const key of CARD_DETAIL_FIELDS) {
    if (changes[key] !== undefined) set[key] = changes[key] || null;
  }
  if (changes.cardTemplate) set.cardTemplate = changes.cardTemplate;
  if (changes.primaryColor) set.primaryColor = changes.primaryColor;
  if (changes.secondaryColor) set.secondaryColor = changes.secondaryColor;
  // An empty edit changes nothing and answers the card as it is.
  if (Object.keys(set).length === 0) return respond(ctx, current, owner);
  const [card] = await ctx.db
    .update(businessCards)
    .set(set)
    .where(and(eq(businessCards.id, cardId), eq(businessCards.userId, owner.id)))
    .returning();
  await cardChanged(ctx, cardId);
  return respond(ctx, card!, owner);
}

/** The card's own logo (the owner's profile logo and other cards stay as they are). */
export async function setCardLogo(
  ctx: AppContext,
  owner: User,
  cardId: number,
  logoUrl: string,
): Promise<TBusinessCard> {
  const previous = await findOwnedCard(ctx, owner.id, cardId);
  const [card] = await ctx.db
    .update(businessCards)
    .set({ logoUrl })
    .where(and(eq(businessCards.id, cardId), eq(businessCards.userId, owner.id)))
    .returning();
  await cardChanged(ctx, cardId);
  if (previous.logoUrl !== logoUrl) await releaseLogo(ctx, owner.id, previous.logoUrl);
  return respond(ctx, card!, owner);
}

export async function selectModel(
  ctx: AppContext,
  owner: User,
  cardId: number,
  /** A model not set up on this server is saved too: the built-in assistant answers until it is. */
  model: TAiProvider,
): Promise<TBusinessCard> {
  await findOwnedCard(ctx, owner.id, cardId);
  const [card] = await ctx.db
    .update(businessCards)
    .set({ selectedAiModel: model })
    .where(and(eq(businessCards.id, cardId), eq(businessCards.userId, owner.id)))
    .returning();
  await cardChanged(ctx, cardId);
  return respond(ctx, card!, owner);
}

export async function finalizeCard(
  ctx: AppContext,
  owner: User,
  cardId: number,
  cardDesign: string,
): Promise<TBusinessCard> {
  await findOwnedCard(ctx, owner.id, cardId);
  const [card] = await ctx.db
    .update(businessCards)
    .set({ cardDesign, finalizedAt: ctx.now() })
    .where(and(eq(businessCards.id, cardId), eq(businessCards.userId, owner.id)))
    .returning();
  await cardChanged(ctx, cardId);
  return respond(ctx, card!, owner);
}

/**
 * Deletes a card. Its documents go too when asked (files on disk included); otherwise they
 * stay in the owner's library, detached from the card.
 */
export async function deleteCard(
  ctx: AppContext,
  owner: User,
  cardId: number,
  deleteDocuments: boolean,
): Promise<void> {
  await findOwnedCard(ctx, owner.id, cardId);
  const attached = await ctx.db
    .select({ id: documents.id, storagePath: documents.storagePath })
    .from(documents)
    .where(eq(documents.businessCardId, cardId));
  await ctx.db.transaction(async (tx) => {
    if (deleteDocuments) {
      await tx.delete(documents).where(eq(documents.businessCardId, cardId));
    } else {
      await tx
        .update(documents)
        .set({ businessCardId: null })
        .where(eq(documents.businessCardId, cardId));
    }
    await tx
      .delete(businessCards)
      .where(and(eq(businessCards.id, cardId), eq(businessCards.userId, owner.id)));
  });
  await cardChanged(ctx, cardId);
  if (deleteDocuments) await deleteDocumentFiles(ctx, attached);
}

/** The card with its owner and its document count, visible or not; null when there is none. */
async function loadCard(ctx: AppContext, cardId: number): Promise<TBusinessCard | null> {
  // One round trip: the card, its owner and its document count (public pages are the busy ones).
  const [row] = await ctx.db
    .select({
      card: businessCards,
      owner: users,
      documentCount: sql<number>`(select count(*)::int from ${documents} where ${documents.businessCardId} = ${businessCards.id})`,
    })
    .from(businessCards)
    .innerJoin(users, eq(users.id, businessCards.userId))
    .where(eq(businessCards.id, cardId))
    .limit(1);
  return row ? toCardResponse(ctx, row.card, row.owner, row.documentCount) : null;
}

/**
 * Who may see a card on the public routes: everyone once finished, its owner while a draft
 * (to try it out); a 404 for anyone else, as for a card that does not exist.
 */
function visibleTo(card: TBusinessCard | null, viewerId: number | null): TBusinessCard {
  if (!card || (!card.finalized && card.userId !== viewerId)) throw notFound();
  return card;
}

/** Public data for the vCard and the visitor's page, read from the database. */
export async function findPublicCard(
  ctx: AppContext,
  cardId: number,
  viewerId: number | null = null,
): Promise<TBusinessCard> {
  return visibleTo(await loadCard(ctx, cardId), viewerId);
}

/**
 * The same for the chat's busy routes (a QR scan, every message), from memory: see
 * public-card-cache.ts for how it is kept in step with the card, its documents and its owner.
 */
export async function findChatCard(
  ctx: AppContext,
  cardId: number,
  viewerId: number | null = null,
): Promise<TBusinessCard> {
  return visibleTo(await readPublicCard(ctx, cardId, () => loadCard(ctx, cardId)), viewerId);
}

/** A 404 unless the card is open to this viewer (finished, or the owner trying a draft). */
export async function assertPublicCard(
  ctx: AppContext,
  cardId: number,
  viewerId: number | null = null,
): Promise<void> {
  await findChatCard(ctx, cardId, viewerId);
}
