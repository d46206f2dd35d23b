import { Pencil, Save, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RED_LIST_CATEGORIES, type TRedListKeyword } from '#shared/schemas/chat.ts';
import { cn } from '#web/lib/utils.ts';
import { Button } from '../ui/button.tsx';
import { KeywordForm, type KeywordFormData } from './keyword-form.tsx';
import { Switch } from './switch.tsx';

export interface KeywordRowProps {
  keyword: TRedListKeyword;
  editing: boolean;
  onEdit: () => void;
  onCancelEdit: () => void;
  onSave: (data: KeywordFormData) => Promise<void>;
  onSaveFailed: (error: unknown) => void;
  onToggle: (isActive: boolean) => void;
  onDelete: () => void;
  toggling: boolean;
}

type Category = (typeof RED_LIST_CATEGORIES)[number];

function isCategory(value: string): value is Category {
  return (RED_LIST_CATEGORIES as readonly string[]).includes(value);
}

/** One keyword: its text, category and note, the active switch, edit and delete. */
export function KeywordRow({
  keyword,
  editing,
  onEdit,
  onCancelEdit,
  onSave,
  onSaveFailed,
  onToggle,
  onDelete,
  toggling,
}: KeywordRowProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const categoryText = isCategory(keyword.category)
    ? t(`redList.categories.${keyword.category}`)
    : keyword.category;

  if (editing) {
    return (
      <li
        className="rounded-xl border border-brand-200 bg-white p-4 shadow-sm"
        data-testid="keyword-row"
        data-keyword={keyword.keyword}
        aria-label={t('redList.editTitle')}
      >
        <KeywordForm
          defaultValues={{
            keyword: keyword.keyword,
            description: keyword.description ?? '',
            category: isCategory(keyword.category) ? keyword.category : 'custom',
            isActive: keyword.isActive,
          }}
          submitLabel={t('redList.save')}
          pendingLabel={t('redList.saving')}
          submitIcon={<Save aria-hidden="true" />}
          onSubmit={onSave}
          onFailed={onSaveFailed}
          onCancel={onCancelEdit}
          focusSignal={1}
          layout="inline"
          testIdPrefix="keyword-edit"
        />
      </li>
    );
  }

  return (
    <li
      className={cn(
        'flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl border bg-white p-4 shadow-sm transition-colors duration-150',
        keyword.isActive ? 'border-slate-200' : 'border-dashed border-slate-300 bg-slate-50',
      )}
      data-testid="keyword-row"
      data-keyword={keyword.keyword}
      data-active={keyword.isActive}
      aria-labelledby={headingId}
    >
      <div className="grid min-w-0 flex-1 basis-56 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3
            id={headingId}
            className={cn(
              'font-semibold break-words',
              keyword.isActive ? 'text-slate-900' : 'text-slate-600',
            )}
            data-testid="keyword-text"
          >
            {keyword.keyword}
          </h3>
          <span
            className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
            data-testid="keyword-category"
          >
            {categoryText}
          </span>
        </div>
        <p
          className={cn(
            'text-sm break-words',
            keyword.description ? 'text-slate-700' : 'text-slate-500 italic',
          )}
          data-testid="keyword-description"
        >
          {keyword.description || t('redList.noDescription')}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Switch
          checked={keyword.isActive}
          onCheckedChange={onToggle}
          disabled={toggling}
          aria-label={t('redList.toggleLabel', { keyword: keyword.keyword })}
          data-testid="keyword-toggle"
        />
        <span
          aria-hidden="true"
          className={cn(
            'w-16 text-sm',
            keyword.isActive ? 'font-medium text-brand-800' : 'text-slate-600',
          )}
        >
          {keyword.isActive ? t('redList.active') : t('redList.inactive')}
        </span>
      </div>
      <div className="flex gap-1">
        <Button
          variant="ghost"
          size="sm"
          onClick={onEdit}
          aria-label={t('redList.editLabel', { keyword: keyword.keyword })}
          data-testid="keyword-edit"
        >
          <Pencil aria-hidden="true" />
          {t('redList.edit')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={onDelete}
          aria-label={t('redList.deleteLabel', { keyword: keyword.keyword })}
          data-testid="keyword-delete"
        >
          <Trash2 aria-hidden="true" />
          {t('redList.delete')}
        </Button>
      </div>
    </li>
  );
}
