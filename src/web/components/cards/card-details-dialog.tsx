import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  CARD_DETAIL_FIELDS,
  ZCardDetailsFields,
  type TBusinessCard,
  type TCardDetailsFields,
} from '#shared/schemas/cards.ts';
import { Button } from '../ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { toast } from '../ui/use-toast.ts';
import { apiRequest, errorText } from '#web/lib/api.ts';
import { CARDS_KEY, cardKey, useAuthExpiredHandler } from '#web/lib/cards/queries.ts';
import { applyServerFieldErrors } from '#web/lib/form-errors.ts';
import { LogoPicker } from './logo-picker.tsx';

type Output = z.output<typeof ZCardDetailsFields>;
type FieldName = (typeof CARD_DETAIL_FIELDS)[number];

/** The card's values as the form starts with them ('' where there is none). */
function defaultsFor(card: TBusinessCard): TCardDetailsFields {
  return Object.fromEntries(CARD_DETAIL_FIELDS.map((name) => [name, card[name] ?? ''])) as Record<
    FieldName,
    string
  >;
}

interface FieldSpec {
  name: FieldName;
  type?: string;
  placeholder?: string;
  inputMode?: 'email' | 'tel' | 'url';
  autoComplete?: string;
}

/**
 * Edit a finished card: every company and contact field of the wizard plus job title, WeChat,
 * WhatsApp and LinkedIn, and the card's own logo (up to 5 MB). The form checks with the very
 * schema the route uses; the server's field messages land under the fields.
 */
export function CardDetailsDialog({
  card,
  open,
  onOpenChange,
}: {
  card: TBusinessCard;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const handleAuthExpired = useAuthExpiredHandler();
  const [logo, setLogo] = useState<File | null>(null);
  const form = useForm<TCardDetailsFields, unknown, Output>({
    resolver: zodResolver(ZCardDetailsFields),
    defaultValues: defaultsFor(card),
  });
  const { errors } = form.formState;

  const save = useMutation({
    mutationFn: async (data: Output) => {
      if (logo) {
        const body = new FormData();
        body.append('companyLogo', logo, logo.name);
        await apiRequest<TBusinessCard>('POST', `/api/business-cards/${card.id}/logo`, body);
      }
      return apiRequest<TBusinessCard>('PUT', `/api/business-cards/${card.id}`, data);
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(cardKey(card.id), updated);
      void queryClient.invalidateQueries({ queryKey: CARDS_KEY, exact: true });
      toast({ title: t('cardEdit.savedTitle'), variant: 'success' });
      setLogo(null);
      form.reset(defaultsFor(updated));
      onOpenChange(false);
    },
    onError: (error) => {
      if (handleAuthExpired(error)) return;
      if (
        applyServerFieldErrors(
          error,
          CARD_DETAIL_FIELDS as Path<TCardDetailsFields>[],
          form.setError,
        )
      )
        return;
      toast({
        title: t('cardEdit.failedTitle'),
        description: errorText(error, t('general.tryAgain')),
        variant: 'destructive',
      });
    },
  });

  const field = ({ name, type, placeholder, inputMode, autoComplete }: FieldSpec) => (
    <FormField key={name} label={t(`cardEdit.${name}`)} error={errors[name]}>
      <Input
        type={type ?? 'text'}
        inputMode={inputMode}
        autoComplete={autoComplete ?? 'off'}
        placeholder={placeholder}
        disabled={save.isPending}
        data-testid={`edit-${name}`}
        {...form.register(name)}
      />
    </FormField>
  );

  const close = (next: boolean) => {
    if (save.isPending) return;
    if (!next) {
      form.reset(defaultsFor(card));
      setLogo(null);
    }
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        closeLabel={t('cardEdit.cancel')}
        className="max-h-[90dvh] max-w-2xl overflow-y-auto"
        data-testid="card-details-dialog"
      >
        <DialogHeader>
          <DialogTitle>{t('cardEdit.title')}</DialogTitle>
          <DialogDescription>{t('cardEdit.description')}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={(event) => void form.handleSubmit((data) => save.mutate(data))(event)}
        >
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold text-slate-900">
              {t('cardEdit.sectionCompany')}
            </legend>
            {field({ name: 'companyName', autoComplete: 'organization' })}
            {field({ name: 'website', inputMode: 'url', autoComplete: 'url' })}
            <div className="sm:col-span-2">
              {field({ name: 'address', autoComplete: 'street-address' })}
            </div>
          </fieldset>
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold text-slate-900">
              {t('cardEdit.sectionContact')}
            </legend>
            {field({ name: 'contactPerson', autoComplete: 'name' })}
            {field({ name: 'jobTitle', placeholder: t('cardEdit.jobTitlePlaceholder') })}
            {/* The saved contact's name parts (vCard N), side by side. */}
            {field({ name: 'familyName', autoComplete: 'family-name' })}
            {field({ name: 'givenName', autoComplete: 'given-name' })}
            {field({ name: 'email', type: 'email', inputMode: 'email', autoComplete: 'email' })}
            {field({ name: 'phone', type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
          </fieldset>
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold text-slate-900">
              {t('cardEdit.sectionMessaging')}
            </legend>
            {field({ name: 'wechatId' })}
            {field({
              name: 'whatsapp',
              type: 'tel',
              inputMode: 'tel',
              placeholder: t('cardEdit.whatsappPlaceholder'),
            })}
            <div className="sm:col-span-2">
              {field({
                name: 'linkedinUrl',
                type: 'url',
                inputMode: 'url',
                placeholder: t('cardEdit.linkedinPlaceholder'),
              })}
            </div>
          </fieldset>
          <LogoPicker
            label={t('cardEdit.logo')}
            hint={t('cardEdit.logoHint')}
            file={logo}
            onChange={setLogo}
            currentUrl={card.logoUrl ?? card.user.companyLogo}
            disabled={save.isPending}
            testId="card-logo-input"
          />
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => close(false)}
              disabled={save.isPending}
            >
              {t('cardEdit.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending} data-testid="card-details-save">
              {save.isPending ? <Spinner size="small" className="text-current" /> : null}
              {save.isPending ? t('cardEdit.saving') : t('cardEdit.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
