/*
 * Characters no text field may hold: NUL (PostgreSQL refuses it in text and jsonb) and lone
 * UTF-16 surrogates (not Unicode at all: they turn into U+FFFD, or an error, on the way to
 * the database). Plain functions, no zod: the server's request guard and the forms share them.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** The text with each half of a surrogate pair that stands alone replaced (by U+FFFD unless told). */
export function replaceLoneSurrogates(value: string, replacement = '\uFFFD'): string {
  return value.replace(LONE_SURROGATES, replacement);
}

export function hasUnsafeCharacters(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/** The same text with each unsafe character shown as U+FFFD (for naming a bad key). */
function shown(value: string): string {
  return replaceLoneSurrogates(value.replaceAll('\u0000', '\uFFFD'));
}

/** The i18n key every refusal uses (src/shared/i18n, section "validation"). */
export const UNSAFE_TEXT_MESSAGE = 'validation.invalidCharacters';

/**
 * The path of the first string (value or object key) in a parsed JSON value, a query or the
 * route parameters that holds an unsafe character, e.g. `["lead", "name"]`; null when clean.
 * Walks with its own stack: a body nested thousands deep cannot overflow the call stack.
 */
interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

function pathOf(visit: Visit | null, last?: string): string[] {
  const path = last === undefined ? [] : [last];
  for (let at = visit; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

export function findUnsafeText(root: unknown): string[] | null {
  const pending: Visit[] = [{ value: root, key: null, parent: null }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (hasUnsafeCharacters(value)) return pathOf(visit);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) =>
        pending.push({ value: item, key: String(index), parent: visit }),
      );
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (hasUnsafeCharacters(key)) {
          return pathOf(visit, shown(key));
        }
        pending.push({ value: item, key, parent: visit });
      }
    }
  }
  return null;
}
