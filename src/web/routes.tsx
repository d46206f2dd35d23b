import { lazy, useState, type ComponentType, type ReactNode } from 'react';
import { matchesRoute, type PageRoute } from '#shared/client-routes.ts';

/*
 * The app's pages, each a chunk of its own, and the table of routes that leads to them
 * (App.tsx draws them). The entry script (main.tsx) imports this module, so the page a
 * document opens on is fetched beside the app's own code rather than after it (decision 045).
 */

type PageModule<P> = { default: ComponentType<P> };
type Page<P = object> = ComponentType<P> & { preload: () => Promise<PageModule<P>> };

/**
 * A page in its own chunk; `preload` fetches it before React asks (the same fetch lazy() makes).
 * A page whose chunk is already here when it mounts is drawn at once; lazy() would first draw
 * the fallback for a frame (a spinner, then the page). Each mount keeps what it started with.
 */
function lazyPage<P extends object = object>(load: () => Promise<PageModule<P>>): Page<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload) as unknown as ComponentType<P>;
  function DeferredPage(props: P) {
    const [View] = useState(() => loaded ?? Lazy);
    return <View {...props} />;
  }
  return Object.assign(DeferredPage, { preload });
}

/*
 * The owner-side frame (top bar, notifications, account menu) is a chunk of its own too: home
 * has none of it, so the landing page does not fetch it (nor the zod its notifications use).
 */
export const AppLayout = lazyPage<{ children: ReactNode }>(() =>
  import('./components/layout/app-layout.tsx').then(({ AppLayout }) => ({ default: AppLayout })),
);

/* Every page is its own chunk. */
export const HomePage = lazyPage(() => import('./pages/home.tsx'));
const RegisterPage = lazyPage(() => import('./pages/register.tsx'));
const LoginPage = lazyPage(() => import('./pages/login.tsx'));
const EmailVerifiedPage = lazyPage(() => import('./pages/email-verified.tsx'));
const VerifyEmailPage = lazyPage(() => import('./pages/verify-email.tsx'));
const ForgotPasswordPage = lazyPage(() => import('./pages/forgot-password.tsx'));
const ResetPasswordPage = lazyPage(() => import('./pages/reset-password.tsx'));
const UserManagementPage = lazyPage(() => import('./pages/user-management.tsx'));
const LoadingDemoPage = lazyPage(() => import('./pages/loading-demo.tsx'));
const AdminPanelPage = lazyPage(() => import('./pages/admin-panel.tsx'));
const OnboardingPage = lazyPage(() => import('./pages/onboarding.tsx'));
const UserDetailsPage = lazyPage(() => import('./pages/user-details.tsx'));
const LogoUploadPage = lazyPage(() => import('./pages/logo-upload.tsx'));
const CardDemoPage = lazyPage(() => import('./pages/card-demo.tsx'));
const DocumentUploadPage = lazyPage(() => import('./pages/document-upload.tsx'));
const AiModelSelectionPage = lazyPage(() => import('./pages/ai-model-selection.tsx'));
const AnalysisPage = lazyPage(() => import('./pages/analysis.tsx'));
const ResultPage = lazyPage(() => import('./pages/result.tsx'));
const MyCardsPage = lazyPage(() => import('./pages/my-cards.tsx'));
const RedListManagementPage = lazyPage(() => import('./pages/red-list-management.tsx'));
const QuestionsToAnswerPage = lazyPage(() => import('./pages/questions-to-answer.tsx'));
const ConversationPage = lazyPage(() => import('./pages/conversation.tsx'));
const CorporateDashboardPage = lazyPage(() => import('./pages/corporate-dashboard.tsx'));
const AnalyticsDashboardPage = lazyPage(() => import('./pages/analytics-dashboard.tsx'));
const SalesPipelinePage = lazyPage(() => import('./pages/sales-pipeline.tsx'));
const PushNotificationsPage = lazyPage(() => import('./pages/push-notifications.tsx'));
export const NotFoundPage = lazyPage(() => import('./pages/not-found.tsx'));
const PublicCardPage = lazyPage(() => import('./pages/public-card.tsx'));
const EventPosterPage = lazyPage(() => import('./pages/event-poster.tsx'));
const ColorPalettePage = lazyPage(() => import('./pages/color-palette.tsx'));
const SocialTransformerPage = lazyPage(() => import('./pages/social-transformer.tsx'));
const ConversationStarterPage = lazyPage(() => import('./pages/conversation-starter.tsx'));
const AdvancedFeaturesPage = lazyPage(() => import('./pages/advanced-features.tsx'));
const AudioContentPage = lazyPage(() => import('./pages/audio-content.tsx'));
export const ComingNext = lazy(() =>
  import('./components/routing/coming-next.tsx').then((module) => ({ default: module.ComingNext })),
);

/**
 * One row per route (the paths come from the shared table in #shared/client-routes.ts, which
 * the server's 404 uses too). `page` is a real page, or `comingNext` names the `pages.*` locale
 * section of a screen not built yet.
 */
export interface RouteDef {
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

/**
 * The page the app opens on is fetched by the entry script, beside the reader's language
 * (i18n/texts.ts), rather than after the app's code: the first draw waits for both (app-root.tsx)
 * and shows the page itself, not a spinner before it. Settles either way: a failed fetch is
 * lazy()'s to retry and report when the page draws.
 */
function preloadOpeningPage(path: string): Promise<unknown> {
  // Home has no frame; every other page draws inside AppLayout.
  if (path === '/') return Promise.allSettled([HomePage.preload()]);
  const page = ROUTES.find((route) => route.page && matchesRoute(route.path, path))?.page;
  return Promise.allSettled([AppLayout.preload(), page?.preload()]);
}

let opening: Promise<unknown> | undefined;

/** The chunks of the page the document opened on, fetched once (main.tsx asks first). */
export function openingPageReady(): Promise<unknown> {
  opening ??= preloadOpeningPage(window.location.pathname);
  return opening;
}
