import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Assistant } from '#server/ai/assistant.ts';
import type { AppContext } from '#server/context.ts';
import { findOwnedCard } from '#server/features/cards/service.ts';
import { requireUser } from '#server/lib/auth-guard.ts';
import {
  ZSocialContentList,
  ZSocialGenerateRequest,
  ZSocialGenerateResponse,
  ZTransformRequest,
  ZTransformResponse,
  ZTranslateRequest,
  ZTranslateResponse,
} from '#shared/marketing/social.ts';
import {
  ZStarterRequest,
  ZStarterResponse,
  ZStarterUseRequest,
  ZStarterUseResponse,
} from '#shared/marketing/starters.ts';
import {
  ZBusinessSummaryRequest,
  ZBusinessSummaryResponse,
  ZCompanySummaryRequest,
  ZCompanySummaryResponse,
} from '#shared/marketing/summary.ts';
import { generateSocialPost, listSocialContents, type MarketingDeps } from './social.ts';
import { recordStarterUse } from './starter-uses.ts';
import { generateStarters } from './starters.ts';
import { generateBusinessSummary, generateCompanySummaries } from './summary.ts';
import { transformContent } from './transform.ts';
import { translateContent } from './translate.ts';

/*
 * The text half of the marketing studio: social posts, their
 * transformation per platform and translation, the business summary, company introductions
 * and conversation starters. Signed-in and owner-scoped; a userId in a body is ignored.
 */

const ZListQuery = z.object({
  businessCardId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** Signed-out requests get 401 before their body is validated. */
const signedIn = {
  preValidation: async (request: FastifyRequest) => {
    requireUser(request);
  },
};

export function registerSocialRoutes(
  server: FastifyInstance,
  ctx: AppContext,
  assistant: Assistant,
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const deps: MarketingDeps = { ctx, assistant, log: server.log };

  app.post(
    '/api/social/generate',
    {
      ...signedIn,
      schema: { body: ZSocialGenerateRequest, response: { 200: ZSocialGenerateResponse } },
    },
    (request) => generateSocialPost(deps, requireUser(request).id, request.body),
  );

  app.get(
    '/api/social-contents',
    { ...signedIn, schema: { querystring: ZListQuery, response: { 200: ZSocialContentList } } },
    async (request) => {
      const ownerId = requireUser(request).id;
      const cardId = request.query.businessCardId;
      if (cardId !== undefined) await findOwnedCard(ctx, ownerId, cardId);
      return { contents: await listSocialContents(ctx, ownerId, cardId) };
    },
  );

  app.post(
    '/api/transform-social-content',
    { ...signedIn, schema: { body: ZTransformRequest, response: { 200: ZTransformResponse } } },
    (request) => transformContent(deps, requireUser(request).id, request.body),
  );

  app.post(
    '/api/translate-content',
    { ...signedIn, schema: { body: ZTranslateRequest, response: { 200: ZTranslateResponse } } },
    (request) => translateContent(deps, requireUser(request).id, request.body),
  );

  app.post(
    '/api/generate-business-summary',
    {
      ...signedIn,
      schema: { body: ZBusinessSummaryRequest, response: { 200: ZBusinessSummaryResponse } },
    },
    (request) => generateBusinessSummary(deps, requireUser(request).id, request.body),
  );

  app.post(
    '/api/generate-company-summary',
    {
      ...signedIn,
      schema: { body: ZCompanySummaryRequest, response: { 200: ZCompanySummaryResponse } },
    },
    (request) => generateCompanySummaries(deps, requireUser(request).id, request.body),
  );

  app.post(
    '/api/generate-conversation-starters',
    { ...signedIn, schema: { body: ZStarterRequest, response: { 200: ZStarterResponse } } },
    (request) => generateStarters(deps, requireUser(request).id, request.body),
  );

  app.post(
    '/api/conversation-starters/uses',
    { ...signedIn, schema: { body: ZStarterUseRequest, response: { 200: ZStarterUseResponse } } },
    async (request) => ({
      uses: await recordStarterUse(deps.ctx, requireUser(request).id, request.body.content),
    }),
  );
}
