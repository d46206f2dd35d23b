import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { TTask, TTaskCreate, TTaskUpdate } from '#shared/schemas/pipeline.ts';
import type { ZTaskCreate, ZTaskUpdate } from '#shared/schemas/pipeline.ts';
import type { z } from 'zod';
import { salesPipelineTasks, visitorProfiles } from '#server/db/schema.ts';
import { notFound } from '#server/lib/errors.ts';
import { ensureProfile, followUpDraft, type PipelineDeps } from './service.ts';

/* Follow-up tasks of the owner's leads; each carries a drafted follow-up message. */

type TaskRow = typeof salesPipelineTasks.$inferSelect;

function toTask(row: TaskRow, lead: { sessionId: number | null; name: string | null }): TTask {
  return {
    id: row.id,
    visitorSessionId: lead.sessionId,
    leadName: lead.name,
    taskType: row.taskType,
    title: row.title,
    description: row.description,
    priority: row.priority,
    status: row.status === 'completed' ? 'completed' : 'pending',
    dueDate: row.dueDate?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    suggestedMessage: row.suggestedMessage,
    createdAt: row.createdAt.toISOString(),
  };
}

async function tasksWhere(deps: PipelineDeps, where: SQL) {
  const found = await deps.ctx.db
    .select({
      task: salesPipelineTasks,
      sessionId: visitorProfiles.visitorSessionId,
      name: visitorProfiles.name,
    })
    .from(salesPipelineTasks)
    .leftJoin(visitorProfiles, eq(visitorProfiles.id, salesPipelineTasks.visitorProfileId))
    .where(where)
    .orderBy(salesPipelineTasks.status, salesPipelineTasks.dueDate, desc(salesPipelineTasks.id))
    .limit(500);
  return found.map((r) => toTask(r.task, { sessionId: r.sessionId, name: r.name }));
}

export async function listTasks(
  deps: PipelineDeps,
  ownerId: number,
  status?: 'pending' | 'completed',
) {
  return tasksWhere(
    deps,
    and(
      eq(salesPipelineTasks.userId, ownerId),
      status ? eq(salesPipelineTasks.status, status) : undefined,
    )!,
  );
}

export async function createTask(
  deps: PipelineDeps,
  ownerId: number,
  input: z.output<typeof ZTaskCreate>,
): Promise<TTask> {
  const profile = await ensureProfile(deps, ownerId, input.visitorSessionId);
  const draft = await followUpDraft(deps.ctx, ownerId, input.visitorSessionId);
  const [row] = await deps.ctx.db
    .insert(salesPipelineTasks)
    .values({
      userId: ownerId,
      visitorProfileId: profile.id,
      taskType: input.taskType,
      title: input.title,
      description: input.description ?? null,
      priority: input.priority ?? profile.followUpPriority,
      status: 'pending',
      dueDate: new Date(input.dueDate),
      suggestedMessage: draft.body,
      aiGeneratedContent: 'local-template',
    })
    .returning();
  return toTask(row!, { sessionId: input.visitorSessionId, name: profile.name });
}

export async function updateTask(
  deps: PipelineDeps,
  ownerId: number,
  taskId: number,
  edit: z.output<typeof ZTaskUpdate>,
): Promise<TTask> {
  const where = and(eq(salesPipelineTasks.id, taskId), eq(salesPipelineTasks.userId, ownerId))!;
  const [current] = await deps.ctx.db.select().from(salesPipelineTasks).where(where).limit(1);
  if (!current) throw notFound();
  const set: Partial<typeof salesPipelineTasks.$inferInsert> = {};
  if (edit.status) {
    set.status = edit.status;
    set.completedAt = edit.status === 'completed' ? (current.completedAt ?? deps.ctx.now()) : null;
  }
  if (edit.title !== undefined) set.title = edit.title;
  if (edit.description !== undefined) set.description = edit.description || null;
  if (edit.dueDate !== undefined) set.dueDate = new Date(edit.dueDate);
  if (edit.suggestedMessage !== undefined) set.suggestedMessage = edit.suggestedMessage || null;
  await deps.ctx.db.update(salesPipelineTasks).set(set).where(where);
  const [task] = await tasksWhere(deps, where);
  return task!;
}

export type { TTaskCreate, TTaskUpdate };
