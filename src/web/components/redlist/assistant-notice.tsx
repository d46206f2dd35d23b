import { useQuery } from '@tanstack/react-query';
import { Bot, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { apiRequest, isApiError } from '../../lib/api.ts';
import { cn } from '../../lib/utils.ts';

/** GET /api/business-cards/{id}/assistant: who answers the card's visitors right now. */
export interface TAssistantInfo {
  selectedModel: 'openai' | 'deepseek';
  provider: 'local' | 'openai' | 'deepseek';
  /** The selected model has no key configured: the local assistant answers instead. */
  fellBack: boolean;
}

export const assistantKey = (cardId: number) =>
  [`/api/business-cards/${cardId}/assistant`] as const;

export function useAssistantInfo(cardId: number | null) {
  return useQuery({
    queryKey: assistantKey(cardId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<TAssistantInfo>('GET', assistantKey(cardId ?? 0)[0], undefined, { signal }),
    enabled: cardId !== null,
    staleTime: 60_000,
    retry: (failureCount, error) =>
      !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
  });
}

/**
 * Says which assistant answers this card's visitors and, when the selected model has no key on
 * this server, that the local assistant answers from the documents instead.
 */
export function AssistantNotice({
  cardId,
  compact = false,
  className,
}: {
  cardId: number;
  compact?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const info = useAssistantInfo(cardId);
  if (info.isError) return null;
  const modelName = (model: 'openai' | 'deepseek') => t(`modelSelection.models.${model}.name`);
  const data = info.data;
  const text = !data
    ? t('redList.assistantLoading')
    : data.fellBack
      ? t('redList.assistantFellBack', { model: modelName(data.selectedModel) })
      : data.provider === 'local'
        ? t('redList.assistantLocal')
        : t('redList.assistantProvider', { model: modelName(data.provider) });
  const warn = data?.fellBack ?? false;
  return (
    <div
      role="status"
      data-testid="assistant-notice"
      data-provider={data?.provider}
      data-fell-back={data ? String(data.fellBack) : undefined}
      className={cn(
        'flex gap-3 rounded-xl border text-sm',
        compact ? 'p-3' : 'p-4',
        warn
          ? 'border-amber-200 bg-amber-50 text-amber-950'
          : 'border-slate-200 bg-white text-slate-800',
        className,
      )}
    >
      {warn ? (
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      ) : (
        <Bot aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
      )}
      <div className="grid gap-0.5">
        <p className="font-medium">{t('redList.assistantTitle')}</p>
        <p className={warn ? 'text-amber-900' : 'text-slate-600'}>{text}</p>
      </div>
    </div>
  );
}
