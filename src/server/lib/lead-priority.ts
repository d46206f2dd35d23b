import { sql, type SQL } from 'drizzle-orm';
import type { LeadPriority } from '#shared/schemas/pipeline.ts';

/*
 * The priority a lead shows, in SQL over the conversation row `s` (visitor_sessions). The row
 * holds the lead's priority (lead_priority, copied from its profile by a trigger) and the one
 * it shows once idle longer than the owner's setting (lead_priority_when_idle: a step lower
 * unless set by hand). Which of the two applies depends on last_activity alone, so leads that
 * show a priority are two ranges of the indexes (card, priority, last_activity): the fresh
 * ones with lead_priority, the idle ones with lead_priority_when_idle, both newest first.
 * Nothing has to be rewritten as time passes; the query moves the cutoff. The pipeline's lead
 * lists and the notification bell's conversations (notifications) both show it, so it lives here.
 */

/** Leads last active before this instant are idle. */
export function idleCutoff(now: Date, idleDays: number): string {
  return new Date(now.getTime() - idleDays * 24 * 60 * 60 * 1000).toISOString();
}

function isFresh(cutoff: string): SQL {
  return sql`s.last_activity >= ${cutoff}::timestamptz`;
}

export function shownPrioritySql(cutoff: string): SQL {
  return sql`CASE WHEN ${isFresh(cutoff)} THEN s.lead_priority ELSE s.lead_priority_when_idle END`;
}

/**
 * The lead shows `priority`: written as the two index ranges, which the planner estimates from
 * the columns' statistics. Where the priority is common among recent leads it walks the
 * last-activity index until the page is full (no join per row: all it needs is on the row);
 * where it is rare it reads the ranges and sorts the few matches.
 */
export function showsPrioritySql(priority: LeadPriority, cutoff: string): SQL {
  return sql`((s.lead_priority = ${priority} AND ${isFresh(cutoff)})
    OR (s.lead_priority_when_idle = ${priority} AND s.last_activity < ${cutoff}::timestamptz))`;
}
