import { z } from 'zod';
import { ZOutgoingMail } from '#server/lib/mailer.ts';
import type { JobHandler, JobPayloadOf, JobRegistry } from './queue.ts';

/*
 * Every job type of the server, in one place: the name stored in `jobs.type` (never renamed —
 * rows an earlier version queued must still run), the schema of its payload, and how it runs.
 * enqueue() takes only a payload of its type's shape; a claimed job's payload is checked against
 * the schema before its handler sees it. The handlers stay with their features and are given to
 * the queue together at start-up (buildApp), one for every type here.
 */

const ZId = z.number().int().positive();

export const JOBS = {
  /** Reads one uploaded document (features/documents/processor.ts). */
  'document.process': {
    payload: z.object({ documentId: ZId }),
    // A lane of its own: one document at a time per instance, beside mails and webhooks.
    lane: 'documents',
  },
  /** Sends one mail (lib/mailer.ts); its text holds sign-in and reset links. */
  'mail.send': { payload: ZOutgoingMail, erasePayloadWhenSettled: true },
  /** Delivers one event to the owner's CRM webhook (features/pipeline/webhook.ts). */
  'pipeline.webhook': {
    payload: z.object({
      ownerId: ZId,
      /** The exact JSON body that is signed and sent (the same on every retry). */
      body: z.string(),
    }),
  },
  /** Sends a scheduled push campaign (features/campaigns/delivery.ts). */
  'campaigns.send': {
    payload: z.object({ campaignId: ZId, scheduledAt: z.string().optional() }),
  },
  /** Scores an owner's conversations the listing did not reach (features/pipeline/service.ts). */
  'pipeline.derive': { payload: z.object({ ownerId: ZId }) },
  /** Daily database upkeep (jobs/upkeep.ts). */
  'db.upkeep': { payload: z.object({}) },
} as const satisfies JobRegistry;

export type AppJobs = typeof JOBS;
export type JobName = keyof AppJobs;
/** The payload of a job type, as its handler is given it. */
export type JobPayload<T extends JobName> = JobPayloadOf<AppJobs, T>;
/** The handler of one of the app's job types. */
export type AppJobHandler<T extends JobName> = JobHandler<JobPayload<T>>;
