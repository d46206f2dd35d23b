import type { Language } from '#shared/limits.ts';
import type { TFollowUpDraft, TFollowUpSend, TLead } from '#shared/schemas/pipeline.ts';
import { writerFor } from '#server/ai/writer.ts';
import type { AppContext } from '#server/context.ts';
import type { businessCards, users } from '#server/db/schema.ts';
import { buyerLanguage } from '#server/lib/buyer-language.ts';
import { AppError } from '#server/lib/errors.ts';
import { senderDisplayName, type OutgoingMail } from '#server/lib/mailer.ts';
import { translateWithProvider } from '#server/lib/translation.ts';
import { storedMessages, type VisitorSession } from '#server/lib/visitor-sessions.ts';
import { scriptFamily } from '#server/text/language.ts';
import { chatPath } from '#server/features/cards/service.ts';
import { composeFollowUp, exchangesOf, type Exchange } from './follow-up.ts';

/*
 * One function renders the follow-up mail for the draft screen and for sending, so the owner
 * sees exactly what leaves: the exhibitor (company – person) as sender name on our address,
 * Reply-To the owner's verified address, the text in the buyer's language (buyerLanguage: the
 * assistant's rule, English or Chinese). An answer quoted in another language than the
 * buyer's (asked in Chinese, the mail in English) is translated when the card's provider is
 * configured, and quoted as it was given otherwise.
 */

export interface FollowUpParts {
  owner: typeof users.$inferSelect;
  card: typeof businessCards.$inferSelect;
  session: VisitorSession;
  lead: TLead;
}

type Log = { warn(details: object, message: string): void };

/** The mail as rendered: `to` is null for a lead that left no address (the draft says so). */
export type RenderedFollowUp = Omit<OutgoingMail, 'to'> & { to: string | null; language: Language };

const familyOf = (language: Language) => (language === 'en' ? 'en' : 'zh');

/** The answers in the buyer's language where a provider can translate them. */
async function inBuyerLanguage(
  ctx: AppContext,
  exchanges: Exchange[],
  language: Language,
  selectedModel: string | null,
  log?: Log,
): Promise<Exchange[]> {
  if (!writerFor(ctx, selectedModel)) return exchanges;
  const translated: Exchange[] = [];
  for (const exchange of exchanges) {
    const family = exchange.answer ? scriptFamily(exchange.answer) : null;
    if (!exchange.answer || !family || family === familyOf(language)) {
      translated.push(exchange);
      continue;
    }
    try {
      const answer = await translateWithProvider(
        ctx,
        { text: exchange.answer, targetLanguage: language, selectedModel },
        log,
      );
      translated.push({ ...exchange, answer });
    } catch (error) {
      // The provider failed: the answer is quoted as the buyer was given it.
      if (!(error instanceof AppError)) throw error;
      translated.push(exchange);
    }
  }
  return translated;
}

/** The whole mail: headers and text. `edit` is the owner's wording of subject and body. */
export async function renderFollowUpMail(
  ctx: AppContext,
  { owner, card, session, lead }: FollowUpParts,
  edit?: TFollowUpSend,
  log?: Log,
): Promise<RenderedFollowUp> {
  const language = buyerLanguage(session);
  const company = card.companyName || owner.companyName || owner.organization;
  const headers = {
    to: lead.email,
    language,
    // The exhibitor, by name, from our own address; replies reach the owner.
    senderName: senderDisplayName(company, card.contactPerson),
    replyTo: owner.email,
  };
  if (edit) return { ...headers, subject: edit.subject.trim(), text: edit.body.trim() };
  const exchanges = await inBuyerLanguage(
    ctx,
    exchangesOf(storedMessages(session)),
    language,
    card.selectedAiModel,
    log,
  );
  const { subject, body } = composeFollowUp({
    language,
    leadName: lead.name,
    ownerCompany: company,
    ownerPerson: card.contactPerson,
    signals: lead.buyingSignals,
    exchanges,
    cardUrl: `${ctx.config.publicUrl}${card.qrCode ?? chatPath(card.id)}`,
  });
  return { ...headers, subject, text: body };
}

/** What the draft screen shows: every header a buyer will see, and the text. */
export function toDraft(mail: RenderedFollowUp): TFollowUpDraft {
  return {
    to: mail.to,
    senderName: mail.senderName ?? null,
    replyTo: mail.replyTo ?? null,
    language: mail.language,
    subject: mail.subject,
    body: mail.text,
  };
}
