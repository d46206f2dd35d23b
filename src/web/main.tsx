import { sendEarlyRequests } from './lib/early-requests.ts';
import { mountPage } from './lib/mount-page.tsx';

/*
 * The app's front door (index.html): every path but the visitor chat's, whose own page
 * (chat.html, chat-main.tsx) the server sends for /chat paths. The app (app-root.tsx: i18n,
 * query cache, toasts, shell, styles.css) is a chunk of its own.
 */
// The page's first reads leave now, beside its code rather than after it.
sendEarlyRequests(window.location.pathname);
mountPage(() => import('./app-root.tsx'));
