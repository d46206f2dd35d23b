import {
  ZAiProvider,
  ZAnalysisResult,
  recommendAssistant,
  type TAiModel,
  type TAssistantStatus,
} from '#shared/schemas/cards.ts';
import type { Assistant } from '#server/ai/assistant.ts';
import { isAiModel } from '#server/ai/provider.ts';
import type { businessCards } from '#server/db/schema.ts';

type CardRow = typeof businessCards.$inferSelect;

/**
 * Who answers a card's visitors now, what this server can call, and what the model screen
 * recommends. How a model is turned on (its environment variables) is not part of it: owners
 * are told to ask their administrator, who sees the variables in the admin panel.
 */
export async function assistantStatus(
  card: CardRow,
  assistant: Assistant,
): Promise<TAssistantStatus> {
  const { provider, fellBack } = await assistant.providerFor(card.id);
  const models = assistant.models().map(({ id, ready, model }) => ({ id, ready, model }));
  const analysis = ZAnalysisResult.safeParse(card.documentAnalysisSummary);
  const fromAnalysis: TAiModel | null = analysis.success
    ? analysis.data.recommendedModel
    : isAiModel(card.recommendedAiModel)
      ? card.recommendedAiModel
      : null;
  const selected = ZAiProvider.safeParse(card.selectedAiModel);
  return {
    selectedModel: selected.success ? selected.data : 'local',
    provider,
    fellBack,
    recommended: recommendAssistant(
      fromAnalysis,
      models.filter((model) => model.ready).map((model) => model.id),
    ),
    models,
  };
}
