import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOnboarding, ZWelcomeSeen } from '#shared/onboarding.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/lib/auth-guard.ts';
import { requestLanguage } from '#server/lib/i18n.ts';
import { markWelcomeSeen, onboardingFor } from './service.ts';

/** The onboarding guide: the signed-in user's steps, and the once-only welcome. */
export function registerOnboardingRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get('/api/onboarding', { schema: { response: { 200: ZOnboarding } } }, async (request) =>
    onboardingFor(ctx, requireUser(request), requestLanguage(request)),
  );
  app.post(
    '/api/onboarding/welcome-seen',
    { schema: { response: { 200: ZWelcomeSeen } } },
    async (request) => {
      await markWelcomeSeen(ctx, requireUser(request));
      return { welcomeSeen: true as const };
    },
  );
}
