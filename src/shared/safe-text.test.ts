import { describe, expect, it } from 'vitest';
import { findUnsafeText, hasUnsafeCharacters } from './safe-text.ts';
import { websiteHref } from './website.ts';
import { ZUpdateCardRequest } from './schemas/cards.ts';
import { ZChatRequest, ZLeadRequest } from './schemas/chat.ts';
import { ZRegisterRequest } from './schemas/auth.ts';

describe('hasUnsafeCharacters', () => {
  it('finds NUL bytes and lone surrogates, and nothing else', () => {
    expect(hasUnsafeCharacters('a\u0000b')).toBe(true);
    expect(hasUnsafeCharacters('\ud800')).toBe(true);
    expect(hasUnsafeCharacters('x\udc00')).toBe(true);
    expect(hasUnsafeCharacters('\udc00\ud800')).toBe(true);
    for (const fine of ['', 'plain', '中文 繁體', '🙂👍🏽', 'tab\tnew\nline', '\u202eRTL', 'é']) {
      expect(hasUnsafeCharacters(fine), fine).toBe(false);
    }
  });
});

describe('findUnsafeText', () => {
  it('names the path of the first bad value or key, however deep', () => {
    expect(findUnsafeText({ a: [1, { b: 'ok' }, { c: 'x\u0000' }] })).toEqual(['a', '2', 'c']);
    expect(findUnsafeText({ lead: { ['na\u0000me']: 1 } })).toEqual(['lead', 'na\uFFFDme']);
    expect(findUnsafeText({ a: 'fine', b: [null, true, 3] })).toBeNull();
    expect(findUnsafeText(undefined)).toBeNull();
    let deep: unknown = '\ud800';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findUnsafeText(deep)).toHaveLength(100_000);
  });
});

describe('websiteHref', () => {
  it('links only http(s) addresses; a bare host gets https://', () => {
    expect(websiteHref('example.com')).toBe('https://example.com');
    expect(websiteHref(' http://example.com/zh ')).toBe('http://example.com/zh');
    expect(websiteHref('www.example.com:8080/a')).toBe('https://www.example.com:8080/a');
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,<script>x</script>',
      'vbscript:x',
      'file:///etc/passwd',
      'ftp://example.com',
      'mailto:a@b.c',
      'exa mple.com',
      '',
      null,
      undefined,
    ]) {
      expect(websiteHref(bad), String(bad)).toBeNull();
    }
  });
});

describe('schemas refuse unsafe text with one message key', () => {
  it.each([
    [ZChatRequest, { message: 'hi\u0000' }, 'message'],
    [ZLeadRequest, { name: '\ud800', phone: '1', consent: true }, 'name'],
    [
      ZRegisterRequest,
      { username: 'li\u0000jx', email: 'a@b.cn', password: 'x'.repeat(9) },
      'username',
    ],
    [
      ZRegisterRequest,
      { username: 'lijx', email: 'a@b.cn', password: 'pass\u0000word' },
      'password',
    ],
    [ZUpdateCardRequest, { companyName: 'x\udc00' }, 'companyName'],
  ])('%#', (schema, input, field) => {
    const parsed = schema.safeParse(input);
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toBe('validation.invalidCharacters');
  });

  it('refuses a javascript: website and keeps "" to clear a field on update', () => {
    const bad = ZUpdateCardRequest.safeParse({ website: 'javascript:alert(1)' });
    expect(bad.error?.issues[0]?.message).toBe('validation.websiteScheme');
    expect(ZUpdateCardRequest.parse({ address: '', website: '' })).toEqual({
      address: '',
      website: '',
    });
    expect(ZUpdateCardRequest.parse({})).toEqual({});
  });
});
