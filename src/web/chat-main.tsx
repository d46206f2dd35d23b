import { fetchChatStrings, storedChatLanguage } from './lib/chat/chat-strings.ts';
import { mountPage } from './lib/mount-page.tsx';

/*
 * The visitor chat's front door (chat.html, which the server sends for /chat paths): a buyer
 * who scans a card's QR code gets the chat alone, without the app's i18n, query cache, toasts,
 * shell or CSS, rendered by Preact rather than React DOM (vite.chat.config.ts), because it must
 * open quickly on a crowded fair network (the budget: 70 KiB transferred, weighed by
 * scripts/chat-bundle-size.mjs; docs/decisions/036 and 042). The visitor's texts, one
 * language's chunk, are fetched beside the chat's code rather than after it.
 */
// A failure here is the chat's to handle (lib/chat/i18n.ts asks again).
fetchChatStrings(storedChatLanguage()).catch(() => undefined);
mountPage(() => import('./pages/chat/index.tsx'));
