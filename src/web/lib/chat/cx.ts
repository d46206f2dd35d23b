/** Joins class names (the visitor bundle skips tailwind-merge: its classes never conflict). */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
