import { describe, expect, it } from 'vitest';
import { JOBS } from './registry.ts';

/*
 * The names are what `jobs.type` holds and the payloads what earlier versions wrote: rows
 * queued before an upgrade must still be claimed and pass their schema.
 */

describe('the job registry', () => {
  it('keeps the stored job names', () => {
    expect(Object.keys(JOBS).sort()).toEqual([
      'campaigns.send',
      'db.upkeep',
      'document.process',
      'mail.send',
      'pipeline.derive',
      'pipeline.webhook',
    ]);
  });

  it('accepts the payloads earlier versions queued', () => {
    const stored = {
      'document.process': { documentId: 12 },
      'mail.send': { to: 'buyer@example.com', subject: 'Hello', text: 'Open https://x/?token=1' },
      'pipeline.webhook': { ownerId: 3, body: '{"event":"lead.created"}' },
      'campaigns.send': { campaignId: 7, scheduledAt: '2026-05-01T08:00:00.000Z' },
      'pipeline.derive': { ownerId: 3 },
      'db.upkeep': {},
    } satisfies Record<keyof typeof JOBS, unknown>;
    for (const [type, payload] of Object.entries(stored)) {
      expect(JOBS[type as keyof typeof JOBS].payload.safeParse(payload).success, type).toBe(true);
    }
  });

  it('refuses payloads that do not fit', () => {
    expect(JOBS['document.process'].payload.safeParse({ documentId: '12' }).success).toBe(false);
    expect(JOBS['pipeline.webhook'].payload.safeParse({ ownerId: 3 }).success).toBe(false);
    expect(JOBS['mail.send'].payload.safeParse({}).success).toBe(false);
  });
});
