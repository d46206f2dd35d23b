import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { VISITOR_LIMITS, type VisitorLimits } from '#shared/limits.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { DatabaseHandle } from './db/client.ts';
import { registerAdminRoutes } from './features/admin/routes.ts';
import { registerAnalyticsRoutes } from './features/analytics/routes.ts';
import { registerAnswerRoutes } from './features/answers/routes.ts';
import { sendCampaignJob, type DeliveryDeps } from './features/campaigns/delivery.ts';
import { registerCampaignRoutes } from './features/campaigns/routes.ts';
import { loadVapidKeys } from './features/campaigns/web-push.ts';
import { registerFairRoutes } from './features/fairs/routes.ts';
import { registerLandingRoutes } from './features/landing/routes.ts';
import { registerOnboardingRoutes } from './features/onboarding/routes.ts';
import { createAssistant, type Assistant } from './ai/assistant.ts';
import { registerAuthRoutes } from './features/auth/routes.ts';
import { registerChatRoutes } from './features/chat/routes.ts';
import { registerNotificationRoutes } from './features/notifications/routes.ts';
import { registerCardRoutes } from './features/cards/routes.ts';
import { registerQrRoutes } from './features/cards/qr-routes.ts';
import { registerPublicCardRoutes } from './features/cards/public-routes.ts';
import { createDocumentProcessor, type DocumentProcessor } from './features/documents/processor.ts';
import { registerDocumentRoutes } from './features/documents/routes.ts';
import { registerFileRoutes } from './features/files/routes.ts';
import { registerPreviewRoutes } from './features/previews/routes.ts';
import { findSession } from './features/auth/sessions.ts';
import { backfillUsernameSkeletons } from './features/auth/service.ts';
import { registerHealthRoutes } from './features/health/routes.ts';
import { registerRedListRoutes } from './features/redlist/routes.ts';
import { createJobQueue, type JobQueue } from './jobs/queue.ts';
import { JOBS } from './jobs/registry.ts';
import { scheduleFirstUpkeep, upkeepJob } from './jobs/upkeep.ts';
import { registerPipelineRoutes } from './features/pipeline/routes.ts';
import { deriveJob } from './features/pipeline/service.ts';
import { webhookJob } from './features/pipeline/webhook.ts';
import { registerPaletteRoutes } from './features/marketing/palette-routes.ts';
import { registerPosterRoutes } from './features/marketing/poster-routes.ts';
import { registerAudioRoutes } from './features/marketing/audio-routes.ts';
import { registerSocialRoutes } from './features/marketing/social-routes.ts';
import { registerUserRoutes } from './features/users/routes.ts';
import { installSessionResolver } from './lib/auth-guard.ts';
import { installErrorHandler } from './lib/error-handler.ts';
import { installUnsafeTextGuard } from './lib/unsafe-text-guard.ts';
import { createMailer, createQueuedMailer, mailJob, type Mailer } from './lib/mailer.ts';
import { installOriginCheck } from './lib/origin-check.ts';
import { installRateLimits } from './lib/rate-limits.ts';
import { serverLoggerOptions } from './lib/log-redaction.ts';
import { installSpa } from './lib/spa.ts';
import { compileProxyTrust } from './lib/trust-proxy.ts';
import { createStorage } from './lib/storage.ts';
import { createEventBus, type EventBus } from './realtime/event-bus.ts';
import { RealtimeHub } from './realtime/hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue; tests run due jobs through it. */
    jobs: JobQueue;
  }
}

export const DEFAULT_WEB_ROOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../dist/web',
);

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** Defaults to SMTP or the DATA_DIR/mail outbox, from config. */
  mailer?: Mailer;
  /** The built front end; defaults to dist/web. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  now?: () => Date;
  /** Defaults to Redis when REDIS_URL is set, else in-process. */
  bus?: EventBus;
  /** Told of every route as it is added (the route fuzz test walks them all). */
  onRoute?: (route: RouteOptions) => void;
  /** Visitor photo budgets and live-connection limits; default VISITOR_LIMITS (tests lower them). */
  limits?: Partial<VisitorLimits>;
}

/** The whole server, not listening: main.ts listens, tests call inject(). */
export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  documents: DocumentProcessor;
  assistant: Assistant;
  hub: RealtimeHub;
}

export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, database } = deps;
  // One rule for proxies: Fastify's X-Forwarded-For and the proxy's country headers.
  const proxyTrust = compileProxyTrust(config.trustProxy);
  const app = Fastify({
    // Links carry tokens (verify-email, reset-password): the request serializer drops them.
    logger: deps.logger ?? serverLoggerOptions(config.logLevel),
    bodyLimit: 1024 * 1024,
    // Clients never decide our request ids.
    requestIdHeader: false,
    // Only a configured proxy may say who the client is (X-Forwarded-For).
    trustProxy: config.trustProxy.length > 0 ? proxyTrust : false,
  });
  app.decorate('trustsProxy', proxyTrust);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    mailer:
      deps.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'mail'),
        log: app.log,
      }),
    storage: await createStorage(config),
    now: deps.now ?? (() => new Date()),
  };
  // The database-backed job queue (documents, mails, webhooks, campaigns, background scoring,
  // upkeep; the types are jobs/registry.ts): polled while the app runs, claimed by any instance.
  // Its handlers are installed below, once the services they need exist.
  const jobs = createJobQueue(ctx, app.log, JOBS);
  app.decorate('jobs', jobs);
  const mailTransport = ctx.mailer;
  ctx.mailer = createQueuedMailer(jobs);

  const isHttps = config.publicUrl.startsWith('https:');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'media-src': ["'self'", 'blob:', 'data:'],
        // Phones reach a booth laptop over plain http on the local network.
        'upgrade-insecure-requests': isHttps ? [] : null,
      },
    },
    hsts: isHttps,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await installRateLimits(app, config);

  installErrorHandler(app);
  installUnsafeTextGuard(app);
  installOriginCheck(app, () => config.publicUrl);
  installSessionResolver(app, (token) => findSession(ctx, token));

  const bus: EventBus = deps.bus ?? createEventBus(config.redisUrl, app.log);
  const hub = new RealtimeHub(bus, ctx.now);
  app.addHook('onClose', async () => {
    hub.close();
    await bus.close();
  });

  registerHealthRoutes(app, ctx);
  registerAuthRoutes(app, ctx, hub);
  registerAdminRoutes(app, ctx, hub);
  registerUserRoutes(app, ctx);
  registerCardRoutes(app, ctx);
  registerQrRoutes(app, ctx);
  registerPublicCardRoutes(app, ctx);
  registerFileRoutes(app, ctx);
  registerRedListRoutes(app, ctx);
  registerFairRoutes(app, ctx);
  registerLandingRoutes(app, ctx);
  registerOnboardingRoutes(app, ctx);
  registerAnalyticsRoutes(app, ctx);
  registerPipelineRoutes(app, ctx, jobs, hub);
  const delivery: DeliveryDeps = {
    ctx,
    queue: jobs,
    hub,
    vapid: loadVapidKeys(config),
    log: app.log,
  };
  registerCampaignRoutes(app, delivery);
  const documents = createDocumentProcessor(ctx, app.log, jobs);
  registerDocumentRoutes(app, ctx, documents);
  registerPreviewRoutes(app, ctx);

  // Every job type's handler, in one place (a type left out does not compile).
  jobs.handle({
    'document.process': documents.job,
    'mail.send': mailJob(mailTransport, app.log),
    'pipeline.webhook': webhookJob(ctx),
    'campaigns.send': sendCampaignJob(delivery),
    'pipeline.derive': deriveJob({ ctx, queue: jobs, hub }),
    'db.upkeep': upkeepJob(ctx, jobs, app.log),
  });
  app.addHook('onReady', async () => {
    await backfillUsernameSkeletons(ctx);
    await documents.resume();
    await scheduleFirstUpkeep(ctx, jobs);
    jobs.start();
  });
  // Stops the queue (finishing the jobs in hand), then the document reader.
  app.addHook('onClose', () => documents.close());

  const assistant = createAssistant(ctx, { log: app.log });
  registerPosterRoutes(app, ctx, assistant);
  registerAudioRoutes(app, ctx, assistant);
  registerPaletteRoutes(app, ctx);
  registerSocialRoutes(app, ctx, assistant);
  const limits: VisitorLimits = { ...VISITOR_LIMITS, ...deps.limits };
  registerChatRoutes(app, ctx, assistant, hub, limits);
  registerAnswerRoutes(app, ctx);
  registerNotificationRoutes(app, ctx, hub, limits);

  // Last, so the document reader and the jobs have stopped using the store.
  app.addHook('onClose', () => ctx.storage.close());

  await installSpa(app, deps.webRoot ?? DEFAULT_WEB_ROOT);
  return { app, ctx, documents, assistant, hub };
}
