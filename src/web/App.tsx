import { Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { isVisitorChatPath } from '#shared/client-routes.ts';
import { RequireAuth } from './components/auth/require-auth.tsx';
import { ErrorBoundary } from './components/routing/error-boundary.tsx';
import { RequireNumericId } from './components/routing/route-params.tsx';
import { Loading } from './components/ui/spinner.tsx';
import { useSessionRefresh } from './lib/use-session-refresh.ts';
import { AppLayout, ComingNext, HomePage, NotFoundPage, ROUTES, type RouteDef } from './routes.tsx';

function renderRoute(route: RouteDef, params: Record<string, string | undefined>) {
  let element = route.page ? <route.page /> : <ComingNext page={route.comingNext ?? 'unknown'} />;
  if (route.auth) element = <RequireAuth>{element}</RequireAuth>;
  if (route.numericParams || route.numericQuery) {
    element = (
      <RequireNumericId
        ids={(route.numericParams ?? []).map((name) => params[name])}
        requiredQuery={route.numericQuery}
      >
        {element}
      </RequireNumericId>
    );
  }
  return element;
}

/** Reloads the current address, which the server answers with the visitor chat's own page. */
function LoadVisitorChat() {
  useEffect(() => {
    window.location.replace(window.location.href);
  }, []);
  return <Loading fullPage />;
}

/** The address the document opened at, until the first in-app navigation. */
let openedAt: string | null = window.location.pathname;

/**
 * A page navigated to starts at its top. The page the document opened at is left where the
 * browser put it: scrolling there would force a layout of the whole page before its first paint.
 */
function ScrollToTopOnNavigate() {
  const [location] = useLocation();
  useEffect(() => {
    if (location === openedAt) return;
    openedAt = null;
    window.scrollTo({ top: 0 });
  }, [location]);
  return null;
}

export function App() {
  useSessionRefresh();
  const [location] = useLocation();
  const fallback = <Loading fullPage />;

  // The visitor chat (/chat/card/{id}, /chat/{id}, else the short not-found) is the company's
  // page, not the owner's: an in-app link to it loads it on its own, as a QR scan does
  // (chat.html, src/server/lib/spa.ts), without the app's shell, code or styles around it.
  if (isVisitorChatPath(location)) return <LoadVisitorChat />;

  // Home has no top bar.
  if (location === '/') {
    return (
      <ErrorBoundary resetKey={location}>
        <Suspense fallback={fallback}>
          <HomePage />
        </Suspense>
      </ErrorBoundary>
    );
  }

  // The outer boundary: the frame's own chunk may fail to arrive too.
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={fallback}>
        <AppLayout>
          <ScrollToTopOnNavigate />
          <ErrorBoundary resetKey={location}>
            <Suspense fallback={fallback}>
              <Switch>
                {ROUTES.map((route) => (
                  <Route key={route.path} path={route.path}>
                    {(params) => renderRoute(route, params)}
                  </Route>
                ))}
                <Route>
                  <NotFoundPage />
                </Route>
              </Switch>
            </Suspense>
          </ErrorBoundary>
        </AppLayout>
      </Suspense>
    </ErrorBoundary>
  );
}

export default App;
