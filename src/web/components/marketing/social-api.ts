import { useTranslation } from 'react-i18next';
import type {
  TSocialGenerateRequest,
  TSocialGenerateResponse,
  TTransformRequest,
  TTransformResponse,
  TTranslateRequest,
} from '#shared/marketing/social.ts';
import type {
  TStarterRequest,
  TStarterResponse,
  TStarterUseResponse,
} from '#shared/marketing/starters.ts';
import type { TCompanySummary, TCompanySummaryRequest } from '#shared/marketing/summary.ts';
import { apiRequest, isApiError } from '#web/lib/api.ts';
import { toast } from '../ui/use-toast.ts';

/* The calls behind the social transformer, the social tab and the conversation starters. */

export const generateSocialPost = (body: TSocialGenerateRequest) =>
  apiRequest<TSocialGenerateResponse>('POST', '/api/social/generate', body);

export const transformContent = (body: TTransformRequest) =>
  apiRequest<TTransformResponse>('POST', '/api/transform-social-content', body);

export const translateText = (body: TTranslateRequest) =>
  apiRequest<{ translatedText: string }>('POST', '/api/translate-content', body);

export const businessSummary = (businessCardId: number) =>
  apiRequest<{ enhancedContent: string }>('POST', '/api/generate-business-summary', {
    businessCardId,
  });

export const companySummaries = (body: TCompanySummaryRequest) =>
  apiRequest<{ summaries: TCompanySummary[] }>('POST', '/api/generate-company-summary', body);

export const conversationStarters = (body: TStarterRequest) =>
  apiRequest<TStarterResponse>('POST', '/api/generate-conversation-starters', body);

/** True when the server says a language model provider is needed (or failed). */
export function needsProvider(error: unknown): boolean {
  return (
    isApiError(error) && (error.code === 'PROVIDER_REQUIRED' || error.code === 'PROVIDER_FAILED')
  );
}

/** Copies text and says so; where the clipboard is refused, says that instead. */
export function useCopy(): (text: string) => Promise<boolean> {
  const { t } = useTranslation();
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: t('marketingText.common.copied') });
      return true;
    } catch {
      toast({ title: t('marketingText.common.copyFailed'), variant: 'destructive' });
      return false;
    }
  };
}

/** Counts one use of a conversation starter (its text was copied); answers the new count. */
export async function recordStarterUse(content: string): Promise<number> {
  const answer = await apiRequest<TStarterUseResponse>('POST', '/api/conversation-starters/uses', {
    content,
  });
  return answer.uses;
}

/** Saves text as a UTF-8 .txt file. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
