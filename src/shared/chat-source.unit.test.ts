import { describe, expect, it } from 'vitest';
import { chatSource, withSource } from './chat-source.ts';

describe('chat sources', () => {
  it('keeps the allow-listed sources and counts anything else as direct', () => {
    expect(chatSource('qr')).toBe('qr');
    expect(chatSource(' LINK ')).toBe('link');
    expect(chatSource('poster')).toBe('poster');
    expect(chatSource('share')).toBe('share');
    expect(chatSource(undefined)).toBe('direct');
    expect(chatSource('')).toBe('direct');
    expect(chatSource('<script>')).toBe('direct');
    expect(chatSource(['qr'])).toBe('direct');
  });

  it('marks a chat URL with its source, replacing an earlier one', () => {
    expect(withSource('https://cards.example.com/chat/card/12', 'qr')).toBe(
      'https://cards.example.com/chat/card/12?src=qr',
    );
    expect(withSource('https://cards.example.com/chat/card/12?src=qr&x=1', 'link')).toBe(
      'https://cards.example.com/chat/card/12?src=link&x=1',
    );
    expect(withSource('/chat/card/12', 'link')).toBe('/chat/card/12?src=link');
  });
});
