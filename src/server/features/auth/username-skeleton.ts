import unhomoglyph from 'unhomoglyph';

/** Each character to its prototype in Unicode's confusables.txt (UTS #39), in NFD. */
const toPrototypes = (value: string) => unhomoglyph(value.normalize('NFD')).normalize('NFD');

/**
 * The UTS #39 skeleton of a username, case folded: two names with the same skeleton look the
 * same to a reader ("аdmin" with a Cyrillic а, "Admin", "admіn" with a Ukrainian і). Mapped
 * before and after lower-casing, so "I" (→ "l") and "l" meet, as do "A" and "a".
 */
export function usernameSkeleton(username: string): string {
  return toPrototypes(toPrototypes(username.normalize('NFKC')).toLowerCase());
}
