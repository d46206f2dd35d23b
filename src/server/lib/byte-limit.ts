/* A byte limit in a message a person reads (the document quota, a card's chat photo storage). */

const KB = 1024;
const UNITS = ['GB', 'MB', 'KB'] as const;

/** "2 GB", "500 MB", "1.5 GB": the limit as a person reads it. */
export function formatByteLimit(bytes: number): string {
  for (const [index, unit] of UNITS.entries()) {
    const size = KB ** (UNITS.length - index);
    if (bytes >= size) return `${Math.round((bytes / size) * 10) / 10} ${unit}`;
  }
  return `${bytes} B`;
}
