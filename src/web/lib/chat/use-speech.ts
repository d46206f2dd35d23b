import { useCallback, useEffect, useRef, useState } from 'react';
import {
  speechLanguage,
  speechRecognitionClass,
  transcriptOf,
  type SpeechRecognitionLike,
} from './speech.ts';

export type SpeechProblem = { kind: 'start' } | { kind: 'error'; code: string };

/** Errors that mean "could not start" (no microphone, or not allowed) rather than a failure. */
const START_ERRORS = new Set(['not-allowed', 'service-not-allowed', 'audio-capture']);

/**
 * Voice input: a toggle; one utterance, final words only, in the browser's language. Hidden
 * (supported: false) where the browser has no recognizer.
 */
export function useSpeech({
  onText,
  onProblem,
}: {
  onText: (text: string) => void;
  onProblem: (problem: SpeechProblem) => void;
}) {
  const [supported] = useState(() => speechRecognitionClass() !== null);
  const [listening, setListening] = useState(false);
  const active = useRef<SpeechRecognitionLike | null>(null);
  const handlers = useRef({ onText, onProblem });
  useEffect(() => {
    handlers.current = { onText, onProblem };
  }, [onText, onProblem]);

  useEffect(() => () => active.current?.abort(), []);

  const toggle = useCallback(() => {
    if (active.current) {
      active.current.stop();
      return;
    }
    const Recognition = speechRecognitionClass();
    if (!Recognition) return;
    let recognition: SpeechRecognitionLike;
    try {
      recognition = new Recognition();
      recognition.lang = speechLanguage(navigator.language);
      recognition.continuous = false;
      recognition.interimResults = false;
      recognition.maxAlternatives = 1;
      recognition.onresult = (event) => {
        const text = transcriptOf(event.results);
        if (text) handlers.current.onText(text);
      };
      recognition.onerror = (event) => {
        if (event.error === 'aborted') return;
        handlers.current.onProblem(
          START_ERRORS.has(event.error) ? { kind: 'start' } : { kind: 'error', code: event.error },
        );
      };
      recognition.onend = () => {
        active.current = null;
        setListening(false);
      };
      recognition.start();
    } catch {
      active.current = null;
      setListening(false);
      handlers.current.onProblem({ kind: 'start' });
      return;
    }
    active.current = recognition;
    setListening(true);
  }, []);

  return { supported, listening, toggle };
}
