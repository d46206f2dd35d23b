import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Headset } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorText } from '#web/lib/api.ts';
import { useAuthExpiredHandler } from '#web/lib/cards/queries.ts';
import {
  conversationKey,
  setTakeover,
  type TConversation,
} from '#web/lib/notifications/conversation.ts';
import { cn } from '#web/lib/utils.ts';

/**
 * A person from the booth answers instead of the assistant: while on, the
 * assistant stays silent and the visitor sees that a person is answering.
 */
export function TakeoverSwitch({ conversation }: { conversation: TConversation }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const handleAuthExpired = useAuthExpiredHandler();
  const labelId = useId();
  const hintId = useId();
  const { takeover } = conversation;
  // It ends by itself when the staff stays silent: ask again then, so the switch follows.
  useEffect(() => {
    if (!takeover.active || !takeover.expiresAt) return;
    const wait = Date.parse(takeover.expiresAt) - Date.now() + 1000;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: conversationKey(conversation.id) }),
      Math.max(0, Math.min(wait, 2 ** 31 - 1)),
    );
    return () => clearTimeout(timer);
  }, [takeover.active, takeover.expiresAt, queryClient, conversation.id]);
  const change = useMutation({
    mutationFn: (active: boolean) => setTakeover(conversation.id, active),
    onSuccess: (result) => {
      queryClient.setQueryData<TConversation>(conversationKey(conversation.id), (current) =>
        current ? { ...current, takeover: result.takeover } : current,
      );
      toast({
        title: result.takeover.active
          ? t('conversation.takeover.startedTitle')
          : t('conversation.takeover.releasedTitle'),
        variant: 'success',
      });
    },
    onError: (error) => {
      if (handleAuthExpired(error)) return;
      toast({
        title: t('conversation.takeover.failedTitle'),
        description: errorText(error, t('conversation.takeover.failedText')),
        variant: 'destructive',
      });
    },
  });
  const until = takeover.expiresAt
    ? new Date(takeover.expiresAt).toLocaleTimeString(i18n.language, {
        hour: '2-digit',
        minute: '2-digit',
      })
    : '';
  return (
    <div
      className={cn(
        'flex items-center gap-3 border-b px-4 py-3',
        takeover.active ? 'border-emerald-200 bg-emerald-50' : 'border-slate-200 bg-slate-50',
      )}
      data-testid="takeover"
      data-active={takeover.active}
    >
      <Headset
        aria-hidden="true"
        className={cn('size-5 shrink-0', takeover.active ? 'text-emerald-700' : 'text-slate-500')}
      />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <span id={labelId} className="text-sm font-medium text-slate-900">
          {t('conversation.takeover.label')}
        </span>
        <span id={hintId} className="text-xs text-slate-600">
          {takeover.active
            ? t('conversation.takeover.activeHint', { time: until })
            : t('conversation.takeover.inactiveHint')}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={takeover.active}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        disabled={change.isPending}
        onClick={() => change.mutate(!takeover.active)}
        data-testid="takeover-switch"
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60',
          takeover.active ? 'bg-emerald-600' : 'bg-slate-300',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform duration-150',
            takeover.active ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </button>
    </div>
  );
}
