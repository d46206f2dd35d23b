/*
 * Country names in the interface language. The server records a visitor's
 * country as a two-letter code or its English name ("United States"); the owner reading in
 * Chinese sees 美国 / 美國.
 */

const englishNames = new Intl.DisplayNames(['en'], { type: 'region' });
let codeByEnglishName: Map<string, string> | null = null;

/** Every two-letter region the runtime knows, by its English name (built once, lazily). */
function codesByEnglishName(): Map<string, string> {
  if (codeByEnglishName) return codeByEnglishName;
  const map = new Map<string, string>();
  for (let first = 65; first <= 90; first += 1) {
    for (let second = 65; second <= 90; second += 1) {
      const code = String.fromCharCode(first, second);
      const name = englishNames.of(code);
      // Unknown codes come back unchanged.
      if (name && name !== code) map.set(name.toLowerCase(), code);
    }
  }
  codeByEnglishName = map;
  return map;
}

/** "US" or "United States" → the code; anything else (a city, free text) → null. */
export function regionCode(location: string): string | null {
  const text = location.trim();
  if (/^[A-Za-z]{2}$/.test(text)) {
    const code = text.toUpperCase();
    return englishNames.of(code) !== code ? code : null;
  }
  return codesByEnglishName().get(text.toLowerCase()) ?? null;
}

/** The location in `language` when it is a country this runtime can name; else as given. */
export function localizedRegionName(location: string, language: string): string {
  const code = regionCode(location);
  if (!code) return location;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? location;
  } catch {
    return location;
  }
}
