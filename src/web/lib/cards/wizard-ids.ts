import { useParams, useSearch } from 'wouter';
import { isNumericId } from '#web/components/routing/route-params.tsx';

export interface WizardIds {
  /** The id in the path (the owner's id after the details form, a card id from the landing). */
  pathId: number | null;
  /** The card being built: ?businessCardId=, else the path id (the landing's Start). */
  cardId: number | null;
  /** The query for the next wizard step's link. */
  query: string;
}

/** Reads the wizard's ids from /step/{id}?businessCardId={n}. */
export function useWizardIds(): WizardIds {
  const params = useParams<{ id?: string }>();
  const search = new URLSearchParams(useSearch());
  const pathId = isNumericId(params.id) ? Number(params.id) : null;
  const queryCard = search.get('businessCardId') ?? undefined;
  const cardId = isNumericId(queryCard) ? Number(queryCard) : pathId;
  return { pathId, cardId, query: cardId === null ? '' : `?businessCardId=${cardId}` };
}
