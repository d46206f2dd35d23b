import { describe, expect, it } from 'vitest';
import { parseChatPath } from './route.ts';

describe('visitor chat routes', () => {
  it('reads the card id from both forms', () => {
    expect(parseChatPath('/chat/card/12')).toEqual({ kind: 'chat', cardId: 12 });
    expect(parseChatPath('/chat/7')).toEqual({ kind: 'chat', cardId: 7 });
    expect(parseChatPath('/chat/card/12/')).toEqual({ kind: 'chat', cardId: 12 });
  });

  it('sends everything else under /chat to the short not-found', () => {
    for (const path of [
      '/chat',
      '/chat/',
      '/chat/card',
      '/chat/abc',
      '/chat/card/abc/extra',
      '/chat/0',
      '/chat/card/1.5',
    ])
      expect(parseChatPath(path), path).toEqual({ kind: 'notFound' });
  });
});
