import { Bot, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TAiProvider } from '#shared/schemas/cards.ts';
import { useAssistantStatus } from '#web/lib/cards/use-assistant-status.ts';
import { cn } from '#web/lib/utils.ts';

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
  const info = useAssistantStatus(cardId);
  if (info.isError) return null;
  const modelName = (model: TAiProvider) => t(`modelSelection.models.${model}.name`);
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
