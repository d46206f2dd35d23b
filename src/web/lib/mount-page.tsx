import { StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { logPageLoadTime } from './page-load.ts';

/** A chunk that did not arrive (a dropped connection): say so in both scripts, offer a reload. */
function showLoadFailure(container: HTMLElement): void {
  // No stylesheet may have arrived either: plain inline styles.
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.style.cssText =
    'display:flex;flex-direction:column;align-items:center;gap:16px;padding:48px 24px;text-align:center;font-family:system-ui,sans-serif';
  const text = document.createElement('p');
  text.textContent =
    '页面加载失败，请检查网络后重试。 The page could not be loaded. Please check your connection.';
  const button = document.createElement('button');
  button.type = 'button';
  button.style.cssText =
    'min-height:44px;padding:0 20px;border:0;border-radius:22px;background:#1d4ed8;color:#fff;font-weight:600';
  button.textContent = '重试 · Retry';
  button.addEventListener('click', () => window.location.reload());
  box.append(text, button);
  container.replaceChildren(box);
}

/**
 * What both entry scripts do (main.tsx for the app, chat-main.tsx for the visitor chat): draw
 * the page whose chunk `load` fetches into #root, or the load failure when it does not arrive,
 * and log the page-load time. The chat's build renders it with Preact (docs/decisions/042).
 */
export function mountPage(load: () => Promise<{ default: ComponentType }>): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const root = createRoot(container);
  load().then(
    ({ default: Page }) =>
      root.render(
        <StrictMode>
          {/* A page may wait for what it needs first (app-root.tsx: the reader's texts). */}
          <Suspense fallback={null}>
            <Page />
          </Suspense>
        </StrictMode>,
      ),
    (error: unknown) => {
      console.warn('[DocuCard] the page script could not be loaded', error);
      showLoadFailure(container);
    },
  );
  logPageLoadTime();
}
