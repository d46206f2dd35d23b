import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import type { PageRoute } from '#shared/client-routes.ts';
import { RequireAuth } from './components/auth/require-auth.tsx';
import { AppLayout } from './components/layout/app-layout.tsx';
import { ErrorBoundary } from './components/routing/error-boundary.tsx';
import { RequireNumericId } from './components/routing/route-params.tsx';
import { Loading } from './components/ui/spinner.tsx';
import { isVisitorChatPath } from './lib/chat/route.ts';
import { useSessionRefresh } from './lib/use-session-refresh.ts';

/* Every page is its own chunk. */
const HomePage = lazy(() => import('./pages/home.tsx'));
const RegisterPage = lazy(() => import('./pages/register.tsx'));
const LoginPage = lazy(() => import('./pages/login.tsx'));
const EmailVerifiedPage = lazy(() => import('./pages/email-verified.tsx'));
const VerifyEmailPage = lazy(() => import('./pages/verify-email.tsx'));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password.tsx'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password.tsx'));
const UserManagementPage = lazy(() => import('./pages/user-management.tsx'));
const LoadingDemoPage = lazy(() => import('./pages/loading-demo.tsx'));
const AdminPanelPage = lazy(() => import('./pages/admin-panel.tsx'));
const OnboardingPage = lazy(() => import('./pages/onboarding.tsx'));
const UserDetailsPage = lazy(() => import('./pages/user-details.tsx'));
const LogoUploadPage = lazy(() => import('./pages/logo-upload.tsx'));
const CardDemoPage = lazy(() => import('./pages/card-demo.tsx'));
const DocumentUploadPage = lazy(() => import('./pages/document-upload.tsx'));
const AiModelSelectionPage = lazy(() => import('./pages/ai-model-selection.tsx'));
const AnalysisPage = lazy(() => import('./pages/analysis.tsx'));
const ResultPage = lazy(() => import('./pages/result.tsx'));
const MyCardsPage = lazy(() => import('./pages/my-cards.tsx'));
const RedListManagementPage = lazy(() => import('./pages/red-list-management.tsx'));
const QuestionsToAnswerPage = lazy(() => import('./pages/questions-to-answer.tsx'));
const ConversationPage = lazy(() => import('./pages/conversation.tsx'));
const CorporateDashboardPage = lazy(() => import('./pages/corporate-dashboard.tsx'));
const AnalyticsDashboardPage = lazy(() => import('./pages/analytics-dashboard.tsx'));
const SalesPipelinePage = lazy(() => import('./pages/sales-pipeline.tsx'));
const PushNotificationsPage = lazy(() => import('./pages/push-notifications.tsx'));
const NotFoundPage = lazy(() => import('./pages/not-found.tsx'));
const PublicCardPage = lazy(() => import('./pages/public-card.tsx'));
const EventPosterPage = lazy(() => import('./pages/event-poster.tsx'));
const ColorPalettePage = lazy(() => import('./pages/color-palette.tsx'));
const SocialTransformerPage = lazy(() => import('./pages/social-transformer.tsx'));
const ConversationStarterPage = lazy(() => import('./pages/conversation-starter.tsx'));
const AdvancedFeaturesPage = lazy(() => import('./pages/advanced-features.tsx'));
const AudioContentPage = lazy(() => import('./pages/audio-content.tsx'));
const ComingNext = lazy(() =>
  import('./components/routing/coming-next.tsx').then((module) => ({ default: module.ComingNext })),
);

type Page = LazyExoticComponent<ComponentType>;

/**
 * One row per route (the paths come from the shared table in #shared/client-routes.ts, which
 * the server's 404 uses too). `page` is a real page, or `comingNext` names the `pages.*` locale
 * section of a screen not built yet.
 */
interface RouteDef {
  path: Exclude<PageRoute, '/'>;
  page?: Page;
  comingNext?: string;
  /** Login required: spinner, then the 需要登录 toast and /login?next=… when signed out. */
  auth?: boolean;
  /** Route parameters that must be numeric ids (else redirect to /). */
  numericParams?: string[];
  /** Query parameters that must be present numeric ids (else redirect to /). */
  numericQuery?: string[];
}

export const ROUTES: RouteDef[] = [
  // Account screens (public)
  { path: '/register', page: RegisterPage },
  { path: '/login', page: LoginPage },
  { path: '/email-verified', page: EmailVerifiedPage },
  { path: '/verify-email', page: VerifyEmailPage },
  { path: '/forgot-password', page: ForgotPasswordPage },
  { path: '/reset-password', page: ResetPasswordPage },
  { path: '/user-management', page: UserManagementPage },
  { path: '/loading-demo', page: LoadingDemoPage },
  // Signed out: /login?next=; a non-admin sees "not allowed" (the server checks every call).
  { path: '/admin-panel', page: AdminPanelPage, auth: true },

  // Other public screens
  { path: '/user-details', page: UserDetailsPage },
  { path: '/logo-upload', page: LogoUploadPage },
  { path: '/card-demo', page: CardDemoPage },
  // A finished card as a buyer sees it from a shared link (drafts and unknown ids: not found).
  { path: '/card/:id', page: PublicCardPage, numericParams: ['id'] },

  // Card creation wizard (login required)
  { path: '/document-upload/:id', page: DocumentUploadPage, auth: true, numericParams: ['id'] },
  {
    path: '/ai-model-selection/:id',
    page: AiModelSelectionPage,
    auth: true,
    numericParams: ['id'],
    numericQuery: ['businessCardId'],
  },
  { path: '/analysis/:id', page: AnalysisPage, auth: true, numericParams: ['id'] },
  { path: '/analysis', page: AnalysisPage, auth: true },
  { path: '/result/:id', page: ResultPage, auth: true, numericParams: ['id'] },
  { path: '/my-cards', page: MyCardsPage, auth: true },

  // Advanced features (login required)
  { path: '/advanced-features', page: AdvancedFeaturesPage, auth: true },
  {
    path: '/advanced-features/:id',
    page: AdvancedFeaturesPage,
    auth: true,
    numericParams: ['id'],
  },
  { path: '/corporate-dashboard', page: CorporateDashboardPage, auth: true },
  // The analytics dashboard (/analysis is the wizard's summary step here).
  { path: '/analytics', page: AnalyticsDashboardPage, auth: true },
  { path: '/sales-pipeline', page: SalesPipelinePage, auth: true },
  { path: '/onboarding', page: OnboardingPage, auth: true },
  { path: '/social-transformer', page: SocialTransformerPage, auth: true },
  { path: '/conversation-starter', page: ConversationStarterPage, auth: true },
  { path: '/event-poster', page: EventPosterPage, auth: true },
  { path: '/audio-content', page: AudioContentPage, auth: true },
  { path: '/push-notifications', page: PushNotificationsPage, auth: true },
  { path: '/video-generation', comingNext: 'videoGeneration', auth: true },
  { path: '/color-palette', page: ColorPalettePage, auth: true },
  { path: '/red-list-management', page: RedListManagementPage, auth: true },
  // Questions buyers asked that the assistant declined or they rated 👎.
  { path: '/questions-to-answer', page: QuestionsToAnswerPage, auth: true },

  // Live customer service (login required): the owner answers a visitor in person.
  {
    path: '/conversations/:customerId',
    page: ConversationPage,
    auth: true,
    numericParams: ['customerId'],
  },
];

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

/** Reloads the current address, which main.tsx answers with the visitor chat alone. */
function LoadVisitorChat() {
  useEffect(() => {
    window.location.replace(window.location.href);
  }, []);
  return <Loading fullPage />;
}

function ScrollToTopOnNavigate() {
  const [location] = useLocation();
  useEffect(() => {
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
  // (main.tsx), without the app's shell, code or styles around it.
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

  return (
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
  );
}

export default App;
