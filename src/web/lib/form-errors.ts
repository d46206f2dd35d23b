import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { SERVER_ERROR_TYPE } from '../components/ui/form-field.tsx';
import { isApiError } from './api.ts';

/**
 * Puts a 400 answer's field messages under the matching fields. Returns true when at least one
 * field of the form received a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!isApiError(error) || !error.fields) return false;
  let applied = false;
  for (const name of fieldNames) {
    const message = error.fields[name];
    if (message) {
      setError(name, { type: SERVER_ERROR_TYPE, message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
