import type { z } from 'zod';
import { AppError } from './errors.ts';
import { hasMessage } from './i18n.ts';

/**
 * Validates text fields that did not come through Fastify's schema (multipart forms) and
 * fails the same way a JSON route does: 400 with a message key per field.
 */
export function parseFields<T extends z.ZodTypeAny>(
  schema: T,
  fields: Record<string, string>,
): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const messages: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.') || '_';
    messages[field] ??= hasMessage(issue.message) ? issue.message : 'validation.invalid';
  }
  throw new AppError('VALIDATION_ERROR', 'errors.validation', {}, messages);
}
