import { describe, expect, it } from 'vitest';
import { speechLanguage, speechRecognitionClass, transcriptOf } from './speech.ts';

describe('speech recognition language', () => {
  it('follows the browser for the listed languages', () => {
    expect(speechLanguage('tr')).toBe('tr-TR');
    expect(speechLanguage('it-IT')).toBe('it-IT');
    expect(speechLanguage('en')).toBe('en-US');
    expect(speechLanguage('en-GB')).toBe('en-GB');
    expect(speechLanguage('es-MX')).toBe('es-MX');
    expect(speechLanguage('fr')).toBe('fr-FR');
    expect(speechLanguage('de-AT')).toBe('de-AT');
    expect(speechLanguage('ru')).toBe('ru-RU');
    expect(speechLanguage('ar')).toBe('ar-SA');
    expect(speechLanguage('ja-JP')).toBe('ja-JP');
    expect(speechLanguage('ko')).toBe('ko-KR');
  });

  it('is zh-CN for anything else', () => {
    expect(speechLanguage('zh-CN')).toBe('zh-CN');
    expect(speechLanguage('zh')).toBe('zh-CN');
    expect(speechLanguage('pt-BR')).toBe('zh-CN');
    expect(speechLanguage('')).toBe('zh-CN');
    expect(speechLanguage(undefined)).toBe('zh-CN');
  });

  it('keeps Traditional Chinese regions, so the words come back in their script', () => {
    expect(speechLanguage('zh-TW')).toBe('zh-TW');
    expect(speechLanguage('zh-HK')).toBe('zh-HK');
  });

  it('finds the recognizer, prefixed or not, or none', () => {
    class Recognizer {}
    expect(speechRecognitionClass({ webkitSpeechRecognition: Recognizer })).toBe(Recognizer);
    expect(speechRecognitionClass({ SpeechRecognition: Recognizer })).toBe(Recognizer);
    expect(speechRecognitionClass({})).toBeNull();
  });

  it('joins the best alternative of each result', () => {
    expect(
      transcriptOf([[{ transcript: ' How long is ' }], [{ transcript: 'the guarantee?' }]]),
    ).toBe('How long is the guarantee?');
    expect(transcriptOf([])).toBe('');
  });
});
