import type { TestApp } from './test-app.ts';

export interface AgentSocket {
  messages: Array<Record<string, unknown>>;
  /** Resolves with the first message (already received or coming) that matches. */
  waitFor(
    match: (message: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  send(message: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** An agent's WebSocket on /ws/customer-service, as the notification bell opens it. */
export async function connectAgent(t: TestApp, cookie?: string): Promise<AgentSocket> {
  const ws = await t.app.injectWS('/ws/customer-service', {
    headers: cookie ? { cookie } : {},
  });
  const messages: Array<Record<string, unknown>> = [];
  const waiters = new Set<() => void>();
  ws.on('message', (raw) => {
    messages.push(JSON.parse(String(raw)) as Record<string, unknown>);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return {
    messages,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    close: () => ws.close(),
    waitFor(match, timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}
