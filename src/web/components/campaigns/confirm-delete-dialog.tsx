import type { UseMutateFunction } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorText } from '#web/lib/api.ts';

/**
 * Asks before deleting a campaign or a template (open while `item` is set), deletes it with
 * the given mutation and says how it went.
 */
export function ConfirmDeleteDialog({
  item,
  onClose,
  remove,
  texts,
}: {
  item: { id: number; name: string } | null;
  onClose: () => void;
  remove: UseMutateFunction<unknown, Error, number>;
  texts: { title: string; confirm: (name: string) => string; deleted: string };
}) {
  const { t } = useTranslation();
  return (
    <AlertDialog open={item !== null} onOpenChange={(next) => (next ? null : onClose())}>
      <AlertDialogContent>
        <AlertDialogTitle>{texts.title}</AlertDialogTitle>
        <AlertDialogDescription>{texts.confirm(item?.name ?? '')}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('campaigns.templates.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            onClick={() =>
              item &&
              remove(item.id, {
                onSuccess: () => toast({ title: texts.deleted }),
                onError: (error) =>
                  toast({ variant: 'destructive', title: errorText(error, t('errors.internal')) }),
              })
            }
          >
            {texts.title}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
