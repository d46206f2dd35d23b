import { and, desc, eq } from 'drizzle-orm';
import {
  COLOR_SCHEMES,
  POSTER_LAYOUTS,
  POSTER_QR_SIZE,
  POSTER_STYLES,
  posterDownloadName,
  type TColorScheme,
  type TPoster,
  type TPosterLayout,
  type TPosterRequest,
  type TPosterStyle,
  type TQuickPosterRequest,
} from '#shared/marketing/poster.ts';
import { isLanguage, type Language } from '#shared/limits.ts';
import type { TBusinessCard } from '#shared/schemas/cards.ts';
import type { AppContext } from '#server/context.ts';
import { businessCards, posters, type User } from '#server/db/schema.ts';
import type { Assistant } from '#server/ai/assistant.ts';
import { getCard, qrSvg, readLogo } from '#server/features/cards/service.ts';
import { notFound } from '#server/lib/errors.ts';
import { translate, hasMessage } from '#server/lib/i18n.ts';
import { readObjectBytes } from '#server/lib/object-store.ts';
import { posterKey } from '#server/lib/storage-keys.ts';
import { keyMessages, posterDescription } from './poster-content.ts';
import { renderPng } from './poster-render.ts';
import { schemeColors } from './poster-scheme.ts';
import { posterSvg, qrOverlaySvg } from './poster-svg.ts';
import { writePosterCopy } from './poster-writing.ts';
import { brandPaletteOf, posterColorsOf } from './palette-apply.ts';
import { findTemplate } from './poster-templates.ts';

export interface PosterDeps {
  ctx: AppContext;
  assistant: Assistant;
}

type PosterRow = typeof posters.$inferSelect;

interface Design {
  layout: TPosterLayout;
  style: TPosterStyle;
  colorScheme: TColorScheme;
}

/** The URL a poster's QR code opens: the card's chat, counted as coming from a poster. */
export function posterChatUrl(card: TBusinessCard): string {
  const url = new URL(card.chatUrl);
  url.searchParams.set('src', 'poster');
  return url.toString();
}

/** Posters drawn before their language was kept were captioned in Chinese. */
const DEFAULT_POSTER_LANGUAGE: Language = 'zh-CN';

function toPoster(row: PosterRow, card: TBusinessCard): TPoster {
  const chat = new URL(posterChatUrl(card));
  return {
    id: row.id,
    businessCardId: row.businessCardId,
    title: row.title,
    imageUrl: `/api/posters/${row.id}/image`,
    downloadUrl: `/api/poster-download/${row.id}`,
    style: row.style ?? 'modern',
    colorScheme: row.colorScheme ?? 'vibrant',
    layout: row.layout ?? 'hero',
    templateId: row.templateId,
    eventType: row.eventType,
    eventDate: row.eventDate,
    eventLocation: row.eventLocation,
    description: row.description ?? '',
    keyMessages: Array.isArray(row.keyMessages) ? (row.keyMessages as string[]) : [],
    language: isLanguage(row.language) ? row.language : DEFAULT_POSTER_LANGUAGE,
    qrCode: chat.pathname + chat.search,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Three designs that differ in layout, style and colour scheme, the first as asked. */
export function designVariations(first: Design, count: number): Design[] {
  const designs: Design[] = [first];
  const layouts = POSTER_LAYOUTS.filter((layout) => layout !== first.layout);
  const styles = POSTER_STYLES.filter((style) => style !== first.style);
  const schemes = COLOR_SCHEMES.filter((s) => s !== 'custom' && s !== first.colorScheme);
  for (let i = 1; i < count; i++) {
    designs.push({
      layout: layouts[(i - 1) % layouts.length]!,
      style: styles[(i * 2 - 1) % styles.length]!,
      colorScheme: schemes[(i * 2 - 1) % schemes.length]!,
    });
  }
  return designs;
}

function eventTypeLabel(eventType: string, language: Language): string {
  const key = `posters.eventTypes.${eventType}`;
  return hasMessage(key) ? translate(language, key) : eventType;
}

async function logoDataUri(ctx: AppContext, card: TBusinessCard): Promise<string | null> {
  const logo = await readLogo(ctx, card);
  if (!logo) return null;
  const mime = logo.kind === 'png' ? 'image/png' : 'image/jpeg';
  return `data:${mime};base64,${Buffer.from(logo.bytes).toString('base64')}`;
}

interface PosterJob {
  owner: User;
  card: TBusinessCard;
  request: TPosterRequest;
  language: Language;
}

async function createPosters(
  deps: PosterDeps,
  job: PosterJob,
  designs: Design[],
): Promise<TPoster[]> {
  const { ctx } = deps;
  const { card, request, language, owner } = job;
  const intelligence = await deps.assistant.intelligence(card.id);
  const facts = {
    intelligence,
    eventTitle: request.eventTitle,
    eventDate: request.eventDate,
    eventLocation: request.eventLocation,
    eventDescription: request.eventDescription,
    targetAudience: request.targetAudience,
    companyName: card.companyName ?? intelligence?.companyName ?? null,
  };
  const { keyMessages: messages, description } = await writePosterCopy(
    ctx,
    card.selectedAiModel,
    facts,
    language,
    { keyMessages: keyMessages(facts), description: posterDescription(facts, language) },
  );
  const branding = request.includeCompanyBranding;
  const logo = branding ? await logoDataUri(ctx, card) : null;
  // "Custom" with no colours chosen: the palette the owner applied to the card, if any.
  const brand = await brandPaletteOf(ctx, card.id);
  const customColors =
    request.customColors.length === 0 && brand ? posterColorsOf(brand) : request.customColors;
  const created: TPoster[] = [];
  for (const design of designs) {
    const svg = posterSvg({
      ...design,
      colors: schemeColors(design.colorScheme, customColors),
      title: request.eventTitle,
      eventType: eventTypeLabel(request.eventType, language),
      date: request.eventDate,
      location: request.eventLocation,
      companyName: branding ? facts.companyName : null,
      logo,
      messages,
      labels: {
        date: translate(language, 'posters.art.date'),
        location: translate(language, 'posters.art.location'),
        highlights: translate(language, 'posters.art.highlights'),
      },
    });
    const png = await renderPng(svg);
    const [row] = await ctx.db
      .insert(posters)
      .values({
        businessCardId: card.id,
        title: request.eventTitle,
        description,
        eventType: request.eventType,
        style: design.style,
        colorScheme: design.colorScheme,
        layout: design.layout,
        targetAudience: request.targetAudience ?? null,
        keyMessages: messages,
        dimensions: '1080x1350',
        templateId: request.templateId ?? null,
        eventDate: request.eventDate,
        eventLocation: request.eventLocation,
        language,
      })
      .returning();
    await ctx.storage.putBytes(posterKey(owner.id, row!.id), png, 'image/png');
    const [stored] = await ctx.db
      .update(posters)
      .set({ imageUrl: `/api/posters/${row!.id}/image` })
      .where(eq(posters.id, row!.id))
      .returning();
    created.push(toPoster(stored!, card));
  }
  return created;
}

function firstDesign(request: TPosterRequest): Design {
  const template = findTemplate(request.templateId);
  return {
    layout: template?.layout ?? 'hero',
    style: request.style,
    colorScheme: request.colorScheme,
  };
}

export async function generatePosters(
  deps: PosterDeps,
  owner: User,
  request: TPosterRequest,
  count: number,
  language: Language,
): Promise<TPoster[]> {
  const card = await getCard(deps.ctx, owner, request.businessCardId);
  const designs = designVariations(firstDesign(request), count);
  return createPosters(deps, { owner, card, request, language }, designs);
}

const QUICK_DESIGNS: Record<TQuickPosterRequest['posterStyle'], Design> = {
  professional: { layout: 'hero', style: 'professional', colorScheme: 'corporate' },
  creative: { layout: 'diagonal', style: 'creative', colorScheme: 'warm' },
  minimalist: { layout: 'frame', style: 'minimalist', colorScheme: 'monochrome' },
  bold: { layout: 'hero', style: 'bold', colorScheme: 'vibrant' },
  tech: { layout: 'split', style: 'tech', colorScheme: 'cool' },
};

/** The advanced-features tab: a title (and optionally a date, place, description) and a style. */
export async function generateQuickPoster(
  deps: PosterDeps,
  owner: User,
  input: TQuickPosterRequest,
  language: Language,
): Promise<TPoster> {
  const card = await getCard(deps.ctx, owner, input.businessCardId);
  // A card with an applied palette has its quick posters drawn in it.
  const hasBrand = (await brandPaletteOf(deps.ctx, card.id)) !== null;
  const preset = QUICK_DESIGNS[input.posterStyle];
  const design: Design = hasBrand ? { ...preset, colorScheme: 'custom' } : preset;
  const request: TPosterRequest = {
    eventTitle: input.title,
    eventType: 'exhibition',
    eventDate: input.eventDate ?? '',
    eventLocation: input.eventLocation ?? card.address ?? '',
    eventDescription: input.description,
    style: 'modern',
    colorScheme: design.colorScheme,
    customColors: [],
    includeCompanyBranding: true,
    businessCardId: card.id,
  };
  const [poster] = await createPosters(deps, { owner, card, request, language }, [design]);
  return poster!;
}

async function ownedPoster(ctx: AppContext, owner: User, posterId: number) {
  const [found] = await ctx.db
    .select({ poster: posters })
    .from(posters)
    .innerJoin(businessCards, eq(businessCards.id, posters.businessCardId))
    .where(and(eq(posters.id, posterId), eq(businessCards.userId, owner.id)))
    .limit(1);
  if (!found) throw notFound();
  return found.poster;
}

export async function listPosters(
  ctx: AppContext,
  owner: User,
  cardId: number | undefined,
): Promise<TPoster[]> {
  const conditions = [eq(businessCards.userId, owner.id)];
  if (cardId !== undefined) conditions.push(eq(posters.businessCardId, cardId));
  const rows = await ctx.db
    .select({ poster: posters })
    .from(posters)
    .innerJoin(businessCards, eq(businessCards.id, posters.businessCardId))
    .where(and(...conditions))
    .orderBy(desc(posters.createdAt), desc(posters.id))
    .limit(100);
  const cards = new Map<number, TBusinessCard>();
  const result: TPoster[] = [];
  for (const { poster } of rows) {
    let card = cards.get(poster.businessCardId);
    if (!card) {
      card = await getCard(ctx, owner, poster.businessCardId);
      cards.set(card.id, card);
    }
    result.push(toPoster(poster, card));
  }
  return result;
}

export async function posterImage(ctx: AppContext, owner: User, posterId: number): Promise<Buffer> {
  await ownedPoster(ctx, owner, posterId);
  const png = await readObjectBytes(ctx.storage, posterKey(owner.id, posterId));
  if (!png) throw notFound();
  return png;
}

/**
 * The poster with the QR overlay (120 px, bottom right) captioned in the poster's own language
 * ("Scan to chat", 扫码咨询, 掃碼諮詢; posters from before the language was kept: Chinese),
 * and its download name.
 */
export async function posterDownload(
  ctx: AppContext,
  owner: User,
  posterId: number,
): Promise<{ png: Buffer; fileName: string }> {
  const poster = await ownedPoster(ctx, owner, posterId);
  const card = await getCard(ctx, owner, poster.businessCardId);
  const base = await posterImage(ctx, owner, posterId);
  const qr = await qrSvg(posterChatUrl(card));
  const language = isLanguage(poster.language) ? poster.language : DEFAULT_POSTER_LANGUAGE;
  const caption = translate(language, 'posters.art.qrCaption');
  const png = await renderPng(qrOverlaySvg(base, qr, caption, POSTER_QR_SIZE));
  return { png, fileName: posterDownloadName(poster.title, ctx.now()) };
}
