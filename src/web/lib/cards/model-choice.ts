import {
  DEFAULT_AI_MODEL,
  type TAiModel,
  type TAnalysisResult,
  type TBusinessCard,
} from '#shared/schemas/cards.ts';

type ModelSource = Partial<Pick<TBusinessCard, 'aiModelAnalysis' | 'recommendedAiModel'>>;

/**
 * The analysis' recommendation when there is one, else the card's
 * recommendedAiModel, else openai.
 */
export function preselectModel(card: ModelSource | null | undefined): TAiModel {
  return card?.aiModelAnalysis?.recommendedModel ?? card?.recommendedAiModel ?? DEFAULT_AI_MODEL;
}

/**
 * The analysis to show when the card has none: zh-CN, secondary en-US, industry
 * general, medium complexity, marketing true, and the card's recommendation.
 */
export function fallbackAnalysis(
  card: Partial<
    Pick<TBusinessCard, 'recommendedAiModel' | 'modelRecommendationReason' | 'documentCount'>
  >,
): TAnalysisResult {
  return {
    primaryLanguage: 'zh-CN',
    secondaryLanguages: ['en-US'],
    industry: 'general',
    documentComplexity: 'medium',
    contentTypes: [],
    technicalTerms: false,
    financialData: false,
    legalContent: false,
    marketingContent: true,
    recommendedModel: card.recommendedAiModel ?? DEFAULT_AI_MODEL,
    reasoning: card.modelRecommendationReason ?? '',
    documents: card.documentCount ?? 0,
  };
}
