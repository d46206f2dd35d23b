import { describe, expect, it } from 'vitest';
import * as shared from '#shared/schemas/chat.ts';
import * as local from './limits.ts';

describe('chat limits mirrored from the shared schema', () => {
  it('equal the shared values', () => {
    expect(local.MAX_CHAT_MESSAGE_CHARS).toBe(shared.MAX_CHAT_MESSAGE_CHARS);
    expect(local.MAX_CHAT_IMAGE_BASE64_CHARS).toBe(shared.MAX_CHAT_IMAGE_BASE64_CHARS);
    expect([...local.CHAT_IMAGE_TYPES]).toEqual([...shared.CHAT_IMAGE_TYPES]);
  });

  it('agree with the schema itself at the edge', () => {
    expect(
      shared.ZChatRequest.safeParse({ message: 'a'.repeat(local.MAX_CHAT_MESSAGE_CHARS) }).success,
    ).toBe(true);
    expect(
      shared.ZChatRequest.safeParse({ message: 'a'.repeat(local.MAX_CHAT_MESSAGE_CHARS + 1) })
        .success,
    ).toBe(false);
  });
});
