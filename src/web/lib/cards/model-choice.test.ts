import { describe, expect, it } from 'vitest';
import type { TAnalysisResult } from '#shared/schemas/cards.ts';
import { fallbackAnalysis, preselectModel } from './model-choice.ts';

const analysis = (recommendedModel: 'openai' | 'deepseek'): TAnalysisResult => ({
  ...fallbackAnalysis({}),
  recommendedModel,
});

describe('preselectModel', () => {
  it('prefers the analysis recommendation', () => {
    expect(
      preselectModel({ aiModelAnalysis: analysis('deepseek'), recommendedAiModel: 'openai' }),
    ).toBe('deepseek');
  });

  it('falls back to the card recommendation without an analysis', () => {
    expect(preselectModel({ aiModelAnalysis: null, recommendedAiModel: 'deepseek' })).toBe(
      'deepseek',
    );
  });

  it('defaults to openai', () => {
    expect(preselectModel({ aiModelAnalysis: null })).toBe('openai');
    expect(preselectModel(undefined)).toBe('openai');
  });
});

describe('fallbackAnalysis', () => {
  it('uses the fixed defaults', () => {
    const result = fallbackAnalysis({ recommendedAiModel: 'deepseek', documentCount: 3 });
    expect(result).toMatchObject({
      primaryLanguage: 'zh-CN',
      secondaryLanguages: ['en-US'],
      industry: 'general',
      documentComplexity: 'medium',
      marketingContent: true,
      recommendedModel: 'deepseek',
      documents: 3,
    });
    expect(result).not.toHaveProperty('confidence');
  });
});
