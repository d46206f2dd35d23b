import type { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '../lib/query-client.ts';
import { AppProviders } from '../providers.tsx';

/** jsdom lacks a few browser APIs the UI touches; give them harmless stand-ins. */
export function installBrowserStubs(): void {
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/** A JSON answer as the server sends it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export interface RenderAppResult extends RenderResult {
  queryClient: QueryClient;
  /** Every path the router went to, the current one last. */
  history: string[];
}

/** Renders UI inside the real providers and an in-memory router starting at `path`. */
export function renderWithApp(
  ui: ReactNode,
  {
    path = '/',
    queryClient = createQueryClient(),
  }: { path?: string; queryClient?: QueryClient } = {},
): RenderAppResult {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </AppProviders>,
  );
  return { ...result, queryClient, history: location.history };
}
