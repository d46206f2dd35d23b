import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchChatStrings, storedChatLanguage } from './lib/chat/chat-strings.ts';
import { isVisitorChatPath } from './lib/chat/route.ts';
import { logPageLoadTime } from './lib/page-load.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);

/*
 * Two front doors. A visitor who scans a card's QR code gets the chat alone: its own chunk
 * and stylesheet, without the app's i18n, query cache, toasts, shell or CSS, because it must
 * open quickly on a crowded fair network (the budget: 70 KiB transferred, weighed by
 * scripts/chat-bundle-size.mjs). The visitor's texts, one language's chunk, are fetched beside
 * the chat's code rather than after it. Every other path gets the app (app-root.tsx, which
 * brings styles.css).
 */
function loadRoot(): Promise<{ default: ComponentType }> {
  if (!isVisitorChatPath(window.location.pathname)) return import('./app-root.tsx');
  // A failure here is the chat's to handle (lib/chat/i18n.ts asks again).
  fetchChatStrings(storedChatLanguage()).catch(() => undefined);
  return import('./pages/chat/index.tsx');
}

/** A chunk that did not arrive (a dropped connection): say so in both scripts, offer a reload. */
function showLoadFailure(): void {
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
  container!.replaceChildren(box);
}

loadRoot().then(
  ({ default: Root }) =>
    root.render(
      <StrictMode>
        <Root />
      </StrictMode>,
    ),
  (error: unknown) => {
    console.warn('[DocuCard] the page script could not be loaded', error);
    showLoadFailure();
  },
);

logPageLoadTime();
