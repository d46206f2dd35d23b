import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';

/** Previous / next with "page x of y"; hidden when everything fits on one page. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  testId,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav
      aria-label={t('admin.paging.label')}
      className="mt-4 flex items-center justify-between gap-2"
      data-testid={testId}
    >
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        {t('admin.paging.previous')}
      </Button>
      <span className="text-sm text-slate-600 tabular-nums">
        {t('admin.paging.pageOf', { page, pages })}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('admin.paging.next')}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
