import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_LIMITS, type TTemplate } from '#shared/campaigns.ts';
import { errorText, isApiError } from '#web/lib/api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { FormField, SERVER_ERROR_TYPE } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useDeleteTemplate, useSaveTemplate } from '#web/components/campaigns/campaigns-api.ts';
import { ConfirmDeleteDialog } from '#web/components/campaigns/confirm-delete-dialog.tsx';

const serverError = (message: string | undefined): FieldError | undefined =>
  message ? { type: SERVER_ERROR_TYPE, message } : undefined;

/** Creates or edits one of the owner's templates. */
function TemplateDialog({
  template,
  open,
  onClose,
}: {
  template: TTemplate | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTemplate();
  const [fields, setFields] = useState<Record<string, string>>({});
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '');
    setFields({});
    save.mutate(
      {
        id: template?.id ?? null,
        input: {
          name: value('name'),
          title: value('title'),
          message: value('message'),
          category: value('category'),
          actionText: value('actionText'),
          actionUrl: value('actionUrl'),
        },
      },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: t('campaigns.templates.saved') });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.fields) setFields(error.fields);
          else toast({ variant: 'destructive', title: errorText(error, t('errors.internal')) });
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? null : onClose())}>
      <DialogContent closeLabel={t('campaigns.templates.cancel')}>
        <DialogHeader>
          <DialogTitle>
            {template ? t('campaigns.templates.editTitle') : t('campaigns.templates.newTitle')}
          </DialogTitle>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} key={template?.id ?? 'new'}>
          <FormField label={t('campaigns.templates.name')} error={serverError(fields.name)}>
            <Input
              name="name"
              defaultValue={template?.name}
              maxLength={CAMPAIGN_LIMITS.name}
              required
            />
          </FormField>
          <FormField label={t('campaigns.editor.titleField')} error={serverError(fields.title)}>
            <Input
              name="title"
              defaultValue={template?.title}
              maxLength={CAMPAIGN_LIMITS.title}
              required
            />
          </FormField>
          <FormField label={t('campaigns.editor.message')} error={serverError(fields.message)}>
            <textarea
              name="message"
              defaultValue={template?.message}
              maxLength={CAMPAIGN_LIMITS.message}
              rows={3}
              required
              className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40"
            />
          </FormField>
          <FormField
            label={t('campaigns.templates.category')}
            optional
            error={serverError(fields.category)}
          >
            <Input
              name="category"
              defaultValue={template?.category ?? ''}
              maxLength={CAMPAIGN_LIMITS.category}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={t('campaigns.editor.actionText')}
              error={serverError(fields.actionText)}
            >
              <Input
                name="actionText"
                defaultValue={template?.actionText ?? ''}
                maxLength={CAMPAIGN_LIMITS.actionText}
              />
            </FormField>
            <FormField
              label={t('campaigns.editor.actionUrl')}
              error={serverError(fields.actionUrl)}
            >
              <Input
                name="actionUrl"
                type="url"
                defaultValue={template?.actionUrl ?? ''}
                placeholder="https://"
              />
            </FormField>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('campaigns.templates.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {t('campaigns.templates.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Built-in and own templates: "use" fills the campaign editor; own ones can be edited. */
export function TemplateList({
  templates,
  onUse,
}: {
  templates: TTemplate[];
  onUse: (template: TTemplate) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<TTemplate | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<TTemplate | null>(null);
  const remove = useDeleteTemplate();
  const open = (template: TTemplate | null) => {
    setEditing(template);
    setDialogOpen(true);
  };
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('campaigns.templates.heading')}</CardTitle>
        <Button size="sm" variant="outline" onClick={() => open(null)}>
          <Plus aria-hidden="true" /> {t('campaigns.templates.new')}
        </Button>
      </CardHeader>
      <CardContent>
        {templates.length === 0 ? (
          <p className="text-sm text-slate-600">{t('campaigns.templates.empty')}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="template-list">
            {templates.map((template) => (
              <li
                key={template.id}
                className="grid content-between gap-3 rounded-xl border border-slate-200 bg-white p-4"
              >
                <div className="grid gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold text-slate-900">{template.name}</h3>
                    <span
                      className={
                        template.builtIn
                          ? 'rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700'
                          : 'rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800'
                      }
                    >
                      {template.builtIn
                        ? t('campaigns.templates.builtIn')
                        : t('campaigns.templates.own')}
                    </span>
                  </div>
                  <p className="text-xs text-slate-600">
                    {[template.category, template.industry].filter(Boolean).join(' · ')}
                  </p>
                  <p className="text-sm font-medium text-slate-800">{template.title}</p>
                  <p className="line-clamp-2 text-sm text-slate-600">{template.message}</p>
                  <p className="text-xs text-slate-600" data-testid="template-usage">
                    {template.usage
                      ? [
                          t('campaigns.templates.usedIn', { count: template.usage.campaigns }),
                          t('campaigns.templates.reached', { count: template.usage.sent }),
                          t('campaigns.templates.clicked', { count: template.usage.clicked }),
                        ].join(' · ')
                      : t('campaigns.templates.notUsed')}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" onClick={() => onUse(template)}>
                    {t('campaigns.templates.use')}
                  </Button>
                  {template.builtIn ? null : (
                    <>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => open(template)}
                        aria-label={`${t('campaigns.templates.edit')}: ${template.name}`}
                      >
                        <Pencil aria-hidden="true" /> {t('campaigns.templates.edit')}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setDeleting(template)}
                        aria-label={`${t('campaigns.templates.delete')}: ${template.name}`}
                      >
                        <Trash2 aria-hidden="true" /> {t('campaigns.templates.delete')}
                      </Button>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <TemplateDialog template={editing} open={dialogOpen} onClose={() => setDialogOpen(false)} />
      <ConfirmDeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={remove.mutate}
        texts={{
          title: t('campaigns.templates.delete'),
          confirm: (name) => t('campaigns.templates.confirmDelete', { name }),
          deleted: t('campaigns.templates.deleted'),
        }}
      />
    </Card>
  );
}
