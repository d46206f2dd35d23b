import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBusinessCard, TCardTemplate } from '#shared/schemas/cards.ts';
import { LogoPicker } from '#web/components/cards/logo-picker.tsx';
import { CardThumbnail } from '#web/components/cards/my-cards/card-thumbnail.tsx';
import { TemplatePicker } from '#web/components/cards/template-picker.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { apiRequest, errorText } from '#web/lib/api.ts';
import {
  CARDS_KEY,
  cardKey,
  invalidateCardQueries,
  useAuthExpiredHandler,
} from '#web/lib/cards/queries.ts';

/** Another template or a new logo for a finished card, previewed before saving. */
export function EditCardDialog({ card, onClose }: { card: TBusinessCard; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const handleAuthExpired = useAuthExpiredHandler();
  const [template, setTemplate] = useState<TCardTemplate>(card.cardTemplate);
  const [logo, setLogo] = useState<File | null>(null);

  const save = useMutation({
    mutationFn: async () => {
      if (logo) {
        const form = new FormData();
        form.append('companyLogo', logo, logo.name);
        await apiRequest<{ companyLogo: string }>('POST', '/api/users/upload-logo', form);
      }
      if (template !== card.cardTemplate) {
        return apiRequest<TBusinessCard>('PUT', `/api/business-cards/${card.id}`, {
          cardTemplate: template,
        });
      }
      return card;
    },
    onSuccess: async (updated) => {
      queryClient.setQueryData(cardKey(card.id), updated);
      queryClient.setQueryData<TBusinessCard[]>(CARDS_KEY, (list) =>
        list?.map((entry) => (entry.id === updated.id ? updated : entry)),
      );
      toast({
        title: t('myCards.updatedTitle'),
        description: t('myCards.updatedText'),
        variant: 'success',
      });
      onClose();
      await invalidateCardQueries(queryClient);
    },
    onError: (error) => {
      if (handleAuthExpired(error)) return;
      toast({
        title: t('result.updateFailedTitle'),
        description: errorText(error, t('result.updateFailedText')),
        variant: 'destructive',
      });
    },
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent closeLabel={t('common.close')} className="max-w-2xl" data-testid="edit-dialog">
        <DialogHeader>
          <DialogTitle>{t('myCards.editTitle')}</DialogTitle>
          <DialogDescription>{t('myCards.editText')}</DialogDescription>
        </DialogHeader>
        <div className="rounded-xl bg-slate-100 p-3">
          <div className="mx-auto w-full max-w-64">
            <CardThumbnail card={card} template={template} />
          </div>
        </div>
        <TemplatePicker value={template} onChange={setTemplate} disabled={save.isPending} />
        <LogoPicker
          label={t('myCards.editLogo')}
          hint={t('myCards.editLogoHint')}
          file={logo}
          onChange={setLogo}
          disabled={save.isPending}
          testId="edit-logo-input"
        />
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => save.mutate()} disabled={save.isPending} data-testid="edit-save">
            {save.isPending ? <Spinner size="small" className="text-current" /> : null}
            {save.isPending ? t('myCards.saving') : t('myCards.save')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
