import { useEffect, useState } from 'react';
import type { TAnalysisResult, TBusinessCard, TDocument } from '#shared/schemas/cards.ts';
import { fallbackAnalysis } from './model-choice.ts';
import { PROCESSING_POLL_MS, isDocumentBusy, useCard, useCardDocuments } from './queries.ts';

/** After the last document is done, the card is asked again this long for its analysis. */
const ANALYSIS_GRACE_MS = 20_000;

export interface CardAnalysisState {
  card: ReturnType<typeof useCard>;
  documents: TDocument[];
  /** Some documents are still being processed. */
  processing: boolean;
  ready: number;
  /** The analysis to show: the server's, else fallbackAnalysis once processing is over. */
  analysis: TAnalysisResult | null;
  estimated: boolean;
}

/**
 * A card with its documents, followed live: documents are polled while busy, and the card
 * until its analysis arrives (the server computes it once the documents are processed).
 */
export function useCardAnalysis(cardId: number | null): CardAnalysisState {
  const documentsQuery = useCardDocuments(cardId);
  const documents = documentsQuery.data ?? [];
  const processing = documents.some(isDocumentBusy);
  const loaded = documentsQuery.data !== undefined;
  const count = documents.length;
  const [graceOver, setGraceOver] = useState(false);

  useEffect(() => {
    setGraceOver(false);
    if (!loaded || processing) return;
    const timer = setTimeout(() => setGraceOver(true), count === 0 ? 0 : ANALYSIS_GRACE_MS);
    return () => clearTimeout(timer);
  }, [loaded, processing, count]);

  const waitingForAnalysis = !loaded || processing || !graceOver;
  const card = useCard(cardId, {
    refetchInterval: (query) =>
      query.state.data && !query.state.data.aiModelAnalysis && waitingForAnalysis
        ? PROCESSING_POLL_MS
        : false,
  });

  const data: TBusinessCard | undefined = card.data;
  const analysis =
    data?.aiModelAnalysis ?? (data && !waitingForAnalysis ? fallbackAnalysis(data) : null);

  return {
    card,
    documents,
    processing,
    ready: documents.filter((document) => document.status === 'ready').length,
    analysis,
    estimated: Boolean(data && !data.aiModelAnalysis && analysis),
  };
}
