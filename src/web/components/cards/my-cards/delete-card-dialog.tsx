import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBusinessCard } from '#shared/schemas/cards.ts';
import { ConfirmDeleteDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { apiRequest, errorText } from '#web/lib/api.ts';
import { CARDS_KEY, cardKey, useAuthExpiredHandler } from '#web/lib/cards/queries.ts';

/** Asks before deleting a card (with its documents); open while `card` is set. */
export function DeleteCardDialog({
  card,
  onClose,
}: {
  card: TBusinessCard | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const handleAuthExpired = useAuthExpiredHandler();

  const remove = useMutation({
    mutationFn: (target: TBusinessCard) =>
      apiRequest<{ ok: true }>('DELETE', `/api/business-cards/${target.id}?deleteDocuments=true`),
    // Gone from the list at once, back if the server refuses, refetched after.
    onMutate: async (target) => {
      await queryClient.cancelQueries({ queryKey: CARDS_KEY });
      const previous = queryClient.getQueryData<TBusinessCard[]>(CARDS_KEY);
      queryClient.setQueryData<TBusinessCard[]>(CARDS_KEY, (list) =>
        list?.filter((entry) => entry.id !== target.id),
      );
      return { previous };
    },
    onSuccess: (_result, target) => {
      queryClient.removeQueries({ queryKey: cardKey(target.id) });
      toast({ title: t('myCards.deletedTitle'), variant: 'success' });
    },
    onError: (error, _target, context) => {
      if (context?.previous) queryClient.setQueryData(CARDS_KEY, context.previous);
      if (handleAuthExpired(error)) return;
      toast({
        title: t('myCards.deleteFailedTitle'),
        description: errorText(error, t('myCards.deleteFailedText')),
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: CARDS_KEY }),
  });

  return (
    <ConfirmDeleteDialog
      open={card !== null}
      onClose={onClose}
      onConfirm={() => {
        if (card) remove.mutate(card);
      }}
      title={t('myCards.deleteTitle')}
      description={t('myCards.deleteConfirmText')}
      confirmLabel={t('myCards.deleteConfirm')}
      testId="delete-dialog"
      confirmTestId="confirm-delete-card"
    />
  );
}
