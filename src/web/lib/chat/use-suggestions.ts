import { useEffect, useState } from 'react';
import { fetchSuggestedQuestions } from './api.ts';

/*
 * The welcome screen's suggested questions: those the session info brought (computed by the
 * server from the card's documents, in the language the page opened in), fetched again when
 * the visitor switches the language. On a failed fetch the ones shown stay.
 */
export function useSuggestedQuestions(
  cardId: number,
  language: string,
  initial: readonly string[] | undefined,
): string[] {
  const [byLanguage, setByLanguage] = useState<Record<string, string[]>>({});
  const [initialLanguage] = useState(language);
  const known = byLanguage[language] ?? (language === initialLanguage ? initial : undefined);

  useEffect(() => {
    if (known !== undefined || initial === undefined) return;
    const controller = new AbortController();
    fetchSuggestedQuestions(cardId, language, { signal: controller.signal })
      .then((questions) => setByLanguage((all) => ({ ...all, [language]: questions })))
      .catch(() => undefined);
    return () => controller.abort();
  }, [cardId, language, known, initial]);

  return [...(known ?? initial ?? [])];
}
