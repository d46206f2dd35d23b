import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TopBar } from './top-bar.tsx';

/** The owner-side frame: skip link, top bar, then the page. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-2 focus:outline-brand-500"
      >
        {t('common.skipToContent')}
      </a>
      <TopBar />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
    </div>
  );
}

/** A page's title row: heading and description on the left, one primary action on the right. */
export function PageHeader({
  title,
  description,
  action,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          {title}
        </h1>
        {description ? <p className="text-slate-600">{description}</p> : null}
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}

/** Centred content column of the given width. */
export function PageContainer({
  children,
  width = 'default',
}: {
  children: ReactNode;
  width?: 'narrow' | 'default' | 'wide';
}) {
  const max = width === 'narrow' ? 'max-w-lg' : width === 'wide' ? 'max-w-7xl' : 'max-w-4xl';
  return <div className={`mx-auto w-full ${max} px-4 py-8 sm:px-6 sm:py-12`}>{children}</div>;
}
