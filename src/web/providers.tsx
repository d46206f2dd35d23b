import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from './components/ui/toaster.tsx';
import i18n from './i18n/index.ts';
import { queryClient as appQueryClient } from './lib/query-client.ts';

/** Everything a page needs around it: cache, translations, toasts. Tests pass their own cache. */
export function AppProviders({
  children,
  queryClient = appQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        {children}
        <Toaster />
      </I18nextProvider>
    </QueryClientProvider>
  );
}
