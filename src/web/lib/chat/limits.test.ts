import { describe, expect, it } from 'vitest';
import { ZChatRequest } from '#shared/schemas/chat.ts';
import { MAX_CHAT_MESSAGE_CHARS } from './limits.ts';

describe('the chat page limit', () => {
  it('agrees with the schema the server enforces, at the edge', () => {
    expect(ZChatRequest.safeParse({ message: 'a'.repeat(MAX_CHAT_MESSAGE_CHARS) }).success).toBe(
      true,
    );
    expect(
      ZChatRequest.safeParse({ message: 'a'.repeat(MAX_CHAT_MESSAGE_CHARS + 1) }).success,
    ).toBe(false);
  });
});
