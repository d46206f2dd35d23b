import { fetchReaderTexts } from './i18n/texts.ts';
import { sendEarlyRequests } from './lib/early-requests.ts';
import { mountPage } from './lib/mount-page.tsx';
import { openingPageReady } from './routes.tsx';

/*
 * The app's front door (index.html): every path but the visitor chat's, whose own page
 * (chat.html, chat-main.tsx) the server sends for /chat paths. The app (app-root.tsx: i18n,
 * query cache, toasts, shell, styles.css) is a chunk of its own.
 */
// What the first draw needs leaves now, beside the app's code rather than after it: the page's
// reads, the reader's texts and the page's own chunk (decision 045).
sendEarlyRequests(window.location.pathname);
fetchReaderTexts();
void openingPageReady();
mountPage(() => import('./app-root.tsx'));
