import type { TBusinessCard } from '#shared/schemas/cards.ts';

/** The wizard steps a draft can stop before (the result is step 4, reached by "Generate"). */
export type ResumeStep = 'details' | 'documents' | 'model';

type DraftFacts = Pick<TBusinessCard, 'id' | 'userId' | 'companyName' | 'documentCount'>;

/**
 * Where a draft stopped, worked out from what it has: no company yet (a card started from the
 * landing page's Start) -> the details form; details but no documents -> the upload; documents
 * -> model selection, which shows the analysis and leads on to "Generate card".
 */
export function resumeStep(card: DraftFacts): ResumeStep {
  if (!card.companyName?.trim()) return 'details';
  if (card.documentCount === 0) return 'documents';
  return 'model';
}

/** The wizard page that continues a draft, with the card named in the query as the wizard does. */
export function resumePath(card: DraftFacts): string {
  const query = `?businessCardId=${card.id}`;
  switch (resumeStep(card)) {
    case 'details':
      return `/user-details${query}`;
    case 'documents':
      return `/document-upload/${card.userId}${query}`;
    case 'model':
      return `/ai-model-selection/${card.userId}${query}`;
  }
}
