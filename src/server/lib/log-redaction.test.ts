import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, signUp, type TestApp } from '#server/test/test-app.ts';
import { redactUrl, serverLoggerOptions } from './log-redaction.ts';

/** Everything the server logs, as text. */
class LogCapture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

const capture = new LogCapture();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: { ...serverLoggerOptions('info'), stream: capture } });
});
afterAll(() => t.close());

describe('request logs', () => {
  it('never contain the token of a verification or reset link', async () => {
    const user = await signUp(t);
    const secret = 'VerySecretToken_abc123-XYZ';
    await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${secret}` });
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${secret}&lang=en` });
    await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?a=1&TOKEN=${secret}#x` });
    await api(t, 'POST', '/api/auth/logout', { cookie: user.cookie });

    expect(capture.text).toContain('/api/auth/verify-email?token=[redacted]');
    expect(capture.text).toContain('/reset-password?token=[redacted]&lang=en');
    expect(capture.text).not.toContain(secret);
    // Session cookies stay out of the log as well.
    expect(capture.text).not.toContain(user.cookie.split('=')[1]!);
  });
});

describe('redactUrl', () => {
  it('replaces only secret query values', () => {
    expect(redactUrl('/a?token=abc&page=2')).toBe('/a?token=[redacted]&page=2');
    expect(redactUrl('/a?page=2&Token=abc')).toBe('/a?page=2&Token=[redacted]');
    expect(redactUrl('/api/tokens?x=1')).toBe('/api/tokens?x=1');
  });
});
