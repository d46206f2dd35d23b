import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TAnalysisResult } from '#shared/schemas/cards.ts';
import type { AppContext } from '#server/context.ts';
import { businessCards, documentChunks, documents } from '#server/db/schema.ts';
import { cardChanged } from '#server/lib/public-card-cache.ts';
import {
  analyseDocuments,
  type AnalysedDocument,
  type DocumentAnalysis,
  type DocumentKind,
  type ExtractedSection,
} from '#server/ingest/index.ts';

/** Computes a card's analysis from its documents: in this process, or in the reader's. */
export type AnalyseDocuments = (
  documents: AnalysedDocument[],
) => Promise<{ analysis: DocumentAnalysis }>;

const analyseHere: AnalyseDocuments = (documents) =>
  Promise.resolve({ analysis: analyseDocuments(documents) });

/** The card's ready documents, as sections per page rebuilt from their stored chunks. */
async function loadReadyDocuments(ctx: AppContext, cardId: number): Promise<AnalysedDocument[]> {
  const ready = await ctx.db
    .select({ id: documents.id, fileName: documents.fileName, kind: documents.fileType })
    .from(documents)
    .where(and(eq(documents.businessCardId, cardId), eq(documents.status, 'ready')));
  if (ready.length === 0) return [];
  const chunks = await ctx.db
    .select({
      documentId: documentChunks.documentId,
      page: documentChunks.page,
      text: documentChunks.text,
    })
    .from(documentChunks)
    .where(
      inArray(
        documentChunks.documentId,
        ready.map((doc) => doc.id),
      ),
    )
    .orderBy(asc(documentChunks.documentId), asc(documentChunks.position));
  return ready.map((doc) => {
    const sections: ExtractedSection[] = [];
    for (const chunk of chunks.filter((c) => c.documentId === doc.id)) {
      const last = sections.at(-1);
      if (last && last.page === chunk.page) last.text += `\n${chunk.text}`;
      else sections.push({ page: chunk.page, text: chunk.text });
    }
    return { fileName: doc.fileName, kind: doc.kind as DocumentKind, sections };
  });
}

/**
 * Reads what the card's documents say and stores the analysis (languages, industry, the
 * recommended model and why). The company intelligence is not stored: the assistant reads it
 * from the passages it searches (ai/card-intelligence.ts), so its facts cite what it quotes.
 */
export async function analyseCard(
  ctx: AppContext,
  cardId: number,
  compute: AnalyseDocuments = analyseHere,
): Promise<void> {
  const docs = await loadReadyDocuments(ctx, cardId);
  if (docs.length === 0) {
    // Nothing left to read: no analysis.
    await ctx.db
      .update(businessCards)
      .set({ documentAnalysisSummary: null, modelRecommendationReason: null })
      .where(eq(businessCards.id, cardId));
    await cardChanged(ctx, cardId);
    return;
  }
  const { analysis } = await compute(docs);
  const summary: TAnalysisResult = {
    primaryLanguage: analysis.primaryLanguage,
    secondaryLanguages: analysis.secondaryLanguages,
    industry: analysis.industry,
    documentComplexity: analysis.documentComplexity,
    contentTypes: analysis.contentTypes,
    technicalTerms: analysis.technicalTerms,
    financialData: analysis.financialData,
    legalContent: analysis.legalContent,
    marketingContent: analysis.marketingContent,
    recommendedModel: analysis.recommendedModel,
    reasoning: analysis.reasoning,
    documents: docs.length,
  };
  await ctx.db
    .update(businessCards)
    .set({
      documentAnalysisSummary: summary,
      recommendedAiModel: summary.recommendedModel,
      modelRecommendationReason: summary.reasoning,
    })
    .where(eq(businessCards.id, cardId));
  await cardChanged(ctx, cardId);
}
