import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  MAX_ANSWER_CHARS,
  MAX_ANSWER_QUESTION_CHARS,
  ZOwnerAnswerCreate,
  type TOwnerAnswer,
  type TOwnerAnswerCreate,
} from '#shared/schemas/answers.ts';
import { errorText } from '#web/lib/api.ts';
import { createAnswer, refreshAnswerQueries, updateAnswer } from '#web/lib/answers/queries.ts';
import { useAuthExpiredHandler } from '#web/lib/cards/queries.ts';
import { applyServerFieldErrors } from '#web/lib/form-errors.ts';
import { Button } from '../ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog.tsx';
import { FormField, RequiredNote } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { toast } from '../ui/use-toast.ts';

type FormData = z.output<typeof ZOwnerAnswerCreate>;
const FIELDS = ['question', 'answer'] as const;

/** What the dialog starts from: a new answer (maybe to a group of the list), or an edit. */
export type AnswerDraft =
  | { kind: 'new'; question: string; answer?: string; groupId?: string; groupCount?: number }
  | { kind: 'edit'; answer: TOwnerAnswer };

/**
 * The exhibitor's answer to a question: the question as buyers ask it and the answer, checked
 * with the shared ZOwnerAnswerCreate schema; saved, the assistant gives it from the next
 * question on. Used by the list, the answers, and "save as answer" in a conversation.
 */
export function AnswerDialog({
  cardId,
  draft,
  onClose,
}: {
  cardId: number;
  /** null: closed. */
  draft: AnswerDraft | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const handleAuthExpired = useAuthExpiredHandler();
  const form = useForm<TOwnerAnswerCreate, unknown, FormData>({
    resolver: zodResolver(ZOwnerAnswerCreate),
    defaultValues: { question: '', answer: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const answerText = form.watch('answer') ?? '';

  useEffect(() => {
    if (!draft) return;
    form.reset(
      draft.kind === 'edit'
        ? { question: draft.answer.question, answer: draft.answer.answer }
        : { question: draft.question, answer: draft.answer ?? '' },
    );
  }, [draft, form]);

  const submit = form.handleSubmit(async (data) => {
    if (!draft) return;
    try {
      if (draft.kind === 'edit') {
        await updateAnswer(cardId, draft.answer.id, {
          question: data.question,
          answer: data.answer,
        });
      } else {
        await createAnswer(cardId, {
          question: data.question,
          answer: data.answer,
          ...(draft.groupId ? { groupId: draft.groupId } : {}),
        });
      }
      toast({
        title: t('questions.savedTitle'),
        description: t('questions.savedText'),
        variant: 'success',
      });
      await refreshAnswerQueries(queryClient, cardId);
      onClose();
    } catch (error) {
      if (handleAuthExpired(error)) return;
      if (applyServerFieldErrors(error, FIELDS, form.setError)) return;
      toast({
        title: t('questions.saveFailedTitle'),
        description: errorText(error, t('general.tryAgain')),
        variant: 'destructive',
      });
    }
  });

  const editing = draft?.kind === 'edit';
  const groupCount = draft?.kind === 'new' ? (draft.groupCount ?? 0) : 0;

  return (
    <Dialog open={draft !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        closeLabel={t('common.close')}
        className="max-w-xl"
        data-testid="answer-dialog"
      >
        <DialogHeader>
          <DialogTitle>
            {editing ? t('questions.form.titleEdit') : t('questions.form.titleNew')}
          </DialogTitle>
          <DialogDescription>{t('questions.form.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <RequiredNote />
          <FormField
            label={t('questions.form.question')}
            hint={
              groupCount > 1
                ? `${t('questions.form.questionHint')} ${t('questions.form.groupNote', { count: groupCount })}`
                : t('questions.form.questionHint')
            }
            error={errors.question}
            required
          >
            <Input
              {...form.register('question')}
              autoComplete="off"
              maxLength={MAX_ANSWER_QUESTION_CHARS}
              data-testid="answer-question"
            />
          </FormField>
          <FormField
            label={t('questions.form.answer')}
            hint={
              <>
                {t('questions.form.answerHint')}{' '}
                <span className="whitespace-nowrap tabular-nums">
                  {t('questions.form.count', { count: answerText.length, max: MAX_ANSWER_CHARS })}
                </span>
              </>
            }
            error={errors.answer}
            required
          >
            <textarea
              {...form.register('answer')}
              rows={5}
              maxLength={MAX_ANSWER_CHARS}
              data-testid="answer-text"
              className="min-h-28 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs transition-colors duration-150 placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40 aria-invalid:border-red-600 sm:text-sm"
            />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={isSubmitting} data-testid="answer-save">
              {isSubmitting ? (
                <Spinner size="small" className="text-current" />
              ) : (
                <Save aria-hidden="true" />
              )}
              {isSubmitting ? t('questions.form.saving') : t('questions.form.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
