import { useChatI18n } from '#web/lib/chat/i18n.ts';
import { parseChatPath } from '#web/lib/chat/route.ts';
import { ChatPage, NotFoundState } from './chat-page.tsx';
import './chat.css';

/**
 * The visitor side on its own: /chat/card/{id} and /chat/{id}, else the short not-found. It
 * needs no providers, router or owner code; chat-main.tsx mounts it directly for /chat paths
 * (a QR scan, or an in-app link, which App.tsx turns into a page load), with Preact in the
 * build (vite.chat.config.ts).
 */
export default function ChatApp({ path }: { path?: string }) {
  const { t } = useChatI18n();
  const route = parseChatPath(path ?? window.location.pathname);
  if (route.kind === 'notFound')
    return (
      <div className="flex min-h-dvh flex-col bg-slate-50">
        <NotFoundState t={t} short />
      </div>
    );
  return <ChatPage key={route.cardId} cardId={route.cardId} />;
}
