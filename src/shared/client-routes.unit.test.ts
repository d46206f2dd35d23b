import { describe, expect, it } from 'vitest';
import {
  isClientRoute,
  isVisitorChatPath,
  loginPathFor,
  matchesRoute,
  safeNextPath,
} from './client-routes.ts';

describe('the shared route table', () => {
  it('knows the app pages, their parameters and the visitor chat', () => {
    for (const path of [
      '/',
      '/my-cards',
      '/my-cards/',
      '/result/12',
      '/card/7',
      '/chat/card/3',
      '/chat/3',
    ])
      expect(isClientRoute(path), path).toBe(true);
    for (const path of ['/test-logout', '/nope', '/result', '/card/7/extra', '/my-cards/x'])
      expect(isClientRoute(path), path).toBe(false);
    expect(matchesRoute('/conversations/:customerId', '/conversations/5')).toBe(true);
  });

  it('knows which paths are the visitor side', () => {
    expect(isVisitorChatPath('/chat/card/1')).toBe(true);
    expect(isVisitorChatPath('/chat')).toBe(true);
    expect(isVisitorChatPath('/chatter')).toBe(false);
    expect(isVisitorChatPath('/chat.html')).toBe(false);
    expect(isVisitorChatPath('/my-cards')).toBe(false);
  });
});

describe('safeNextPath', () => {
  it('keeps a path on this site with its query', () => {
    expect(safeNextPath('/my-cards')).toBe('/my-cards');
    expect(safeNextPath('/result/12?tab=docs')).toBe('/result/12?tab=docs');
  });

  it('refuses other sites, schemes, tricks and the login loop', () => {
    for (const next of [
      null,
      '',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'my-cards',
      '/\tevil',
      '/login',
      '/register?x=1',
    ])
      expect(safeNextPath(next), String(next)).toBe(null);
    // Encoded characters stay encoded: a path, never a header or a host.
    expect(safeNextPath('/%0d%0aevil')).toBe('/%0d%0aevil');
  });

  it('builds the login address for a signed-out visit', () => {
    expect(loginPathFor('/my-cards')).toBe('/login?next=%2Fmy-cards');
    expect(loginPathFor('//evil')).toBe('/login');
  });
});
