import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { RED_LIST_CATEGORIES, ZRedListCreate, type TRedListCreate } from '#shared/schemas/chat.ts';
import { isApiError } from '#web/lib/api.ts';
import { applyServerFieldErrors } from '#web/lib/form-errors.ts';
import { cn } from '#web/lib/utils.ts';
import { Button } from '../ui/button.tsx';
import { FormField, SERVER_ERROR_TYPE } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { NativeSelect } from '../ui/native-select.tsx';
import { Spinner } from '../ui/spinner.tsx';

export type KeywordFormData = z.output<typeof ZRedListCreate>;

const FIELDS = ['keyword', 'description', 'category'] as const;

export interface KeywordFormProps {
  defaultValues?: TRedListCreate;
  submitLabel: string;
  pendingLabel: string;
  submitIcon?: ReactNode;
  /** Resolves when saved; an ApiError it throws lands under the fields when it can. */
  onSubmit: (data: KeywordFormData) => Promise<void>;
  /** A failure that belongs to no field (network, server). */
  onFailed: (error: unknown) => void;
  onCancel?: () => void;
  /** Empty the form after a successful save (the add form). */
  resetOnSuccess?: boolean;
  /** Changing this number moves the focus to the keyword field. */
  focusSignal?: number;
  layout?: 'stacked' | 'inline';
  testIdPrefix: string;
}

const EMPTY: TRedListCreate = { keyword: '', description: '', category: 'custom', isActive: true };

/** Keyword, note and category, checked with the shared ZRedListCreate schema. */
export function KeywordForm({
  defaultValues = EMPTY,
  submitLabel,
  pendingLabel,
  submitIcon,
  onSubmit,
  onFailed,
  onCancel,
  resetOnSuccess = false,
  focusSignal = 0,
  layout = 'stacked',
  testIdPrefix,
}: KeywordFormProps) {
  const { t } = useTranslation();
  const form = useForm<TRedListCreate, unknown, KeywordFormData>({
    resolver: zodResolver(ZRedListCreate),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (focusSignal > 0) form.setFocus('keyword');
  }, [focusSignal, form]);

  const submit = form.handleSubmit(async (data) => {
    try {
      await onSubmit(data);
      if (resetOnSuccess) form.reset(EMPTY);
    } catch (error) {
      if (isApiError(error) && error.status === 409 && error.hasServerMessage) {
        form.setError(
          'keyword',
          { type: SERVER_ERROR_TYPE, message: error.message },
          {
            shouldFocus: true,
          },
        );
        return;
      }
      if (applyServerFieldErrors(error, FIELDS, form.setError)) return;
      onFailed(error);
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className={cn(
        'grid gap-4',
        layout === 'inline' && 'sm:grid-cols-[minmax(0,1fr)_11rem] sm:items-start',
      )}
      data-testid={`${testIdPrefix}-form`}
    >
      <FormField label={t('redList.keyword')} error={errors.keyword}>
        <Input
          {...form.register('keyword')}
          autoComplete="off"
          maxLength={100}
          placeholder={t('redList.keywordPlaceholder')}
          data-testid={`${testIdPrefix}-keyword`}
        />
      </FormField>
      <FormField label={t('redList.category')} error={errors.category}>
        <NativeSelect {...form.register('category')} data-testid={`${testIdPrefix}-category`}>
          {RED_LIST_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`redList.categories.${category}`)}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        label={t('redList.description')}
        error={errors.description}
        optional
        className={layout === 'inline' ? 'sm:col-span-2' : undefined}
      >
        <Input
          {...form.register('description')}
          autoComplete="off"
          maxLength={500}
          placeholder={t('redList.descriptionPlaceholder')}
          data-testid={`${testIdPrefix}-description`}
        />
      </FormField>
      <div
        className={cn(
          'flex flex-wrap gap-2',
          layout === 'inline' ? 'justify-end sm:col-span-2' : 'justify-stretch',
        )}
      >
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button
          type="submit"
          disabled={isSubmitting}
          className={layout === 'stacked' ? 'w-full' : undefined}
          data-testid={`${testIdPrefix}-submit`}
        >
          {isSubmitting ? <Spinner size="small" className="text-current" /> : submitIcon}
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
