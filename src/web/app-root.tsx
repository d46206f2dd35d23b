import { use } from 'react';
import { languageReady } from './i18n/index.ts';
import { App } from './App.tsx';
import { openingPageReady } from './routes.tsx';
import { AppProviders } from './providers.tsx';
import './styles.css';

/**
 * Without the reader's texts there are no words to show: say so in both scripts, as
 * lib/mount-page.tsx does.
 */
function TextsUnavailable() {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 px-6 py-12 text-center">
      <p>
        页面加载失败，请检查网络后重试。 The page could not be loaded. Please check your connection.
      </p>
      <button
        type="button"
        className="min-h-11 rounded-full bg-brand-700 px-5 font-semibold text-white"
        onClick={() => window.location.reload()}
      >
        重试 · Retry
      </button>
    </div>
  );
}

/** The reader's texts (i18n/index.ts fetches only that language) and the opening page's chunk. */
const firstDrawReady = Promise.all([languageReady, openingPageReady()]).then(([texts]) => texts);

/**
 * The app with everything around it: i18n, query cache, toasts, styles. Its own chunk (main.tsx).
 * Draws once the reader's language and the page it opens on have arrived.
 */
export default function AppRoot() {
  if (!use(firstDrawReady)) return <TextsUnavailable />;
  return (
    <AppProviders>
      <App />
    </AppProviders>
  );
}
