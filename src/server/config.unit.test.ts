import Fastify from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adoptListeningPort, ConfigError, loadConfig } from './config.ts';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'docucard-config-'));
const SECRET = 'a-session-secret-of-at-least-32-characters';

describe('loadConfig', () => {
  it('has working defaults and keeps a generated secret across starts', () => {
    const dataDir = tmp();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 5000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:5000',
      databaseUrl: undefined,
      openai: { baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o' },
      deepseek: { model: 'deepseek-chat' },
    });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(config.sessionSecret);
  });

  it('with PUBLIC_URL unset, the public origin is on the port the server uses (PORT=5611)', () => {
    const config = loadConfig({ DATA_DIR: tmp(), SESSION_SECRET: SECRET, PORT: '5611' });
    expect(config.publicUrl).toBe('http://localhost:5611');
    expect(
      loadConfig({ DATA_DIR: tmp(), SESSION_SECRET: SECRET, PORT: '5611', PUBLIC_URL: '' }),
    ).toMatchObject({ port: 5611, publicUrl: 'http://localhost:5611', publicUrlFollowsPort: true });
    // PORT=0: the system picks the port; once listening, the origin names that one.
    const anyPort = loadConfig({ DATA_DIR: tmp(), SESSION_SECRET: SECRET, PORT: '0' });
    adoptListeningPort(anyPort, 40_123);
    expect(anyPort).toMatchObject({ port: 40_123, publicUrl: 'http://localhost:40123' });
    // A PUBLIC_URL that was set stays as it is.
    const fixed = loadConfig({
      DATA_DIR: tmp(),
      SESSION_SECRET: SECRET,
      PORT: '5611',
      PUBLIC_URL: 'http://192.168.1.20:5611/',
    });
    adoptListeningPort(fixed, 5611);
    expect(fixed).toMatchObject({
      publicUrl: 'http://192.168.1.20:5611',
      publicUrlFollowsPort: false,
    });
  });

  it('treats empty strings as unset and parses the admin list', () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      DATABASE_URL: '',
      PORT: '',
      ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ,',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.port).toBe(5000);
    expect([...config.adminEmails]).toEqual(['boss@example.com', 'ops@example.com']);
    expect(config.trustProxy).toEqual([]);
  });

  it('trusts only the proxies it is told of', async () => {
    const config = loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
    expect(config.trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    const app = Fastify({ trustProxy: config.trustProxy });
    app.get('/ip', (request) => ({ ip: request.ip }));
    const forwarded = await app.inject({
      url: '/ip',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forwarded.json().ip).toBe('203.0.113.9');
    await app.close();
  });

  it('stores files in a bucket only when S3_BUCKET is set, and refuses half a setup', () => {
    expect(loadConfig({ DATA_DIR: tmp(), SESSION_SECRET: SECRET, S3_ENDPOINT: '' }).s3).toBe(
      undefined,
    );
    const config = loadConfig({
      DATA_DIR: tmp(),
      SESSION_SECRET: SECRET,
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'docucard',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'docucard',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: tmp(), SESSION_SECRET: SECRET, ...env });
        return '';
      } catch (error) {
        return (error as ConfigError).problems.join('\n');
      }
    };
    expect(problems({ S3_ENDPOINT: 'http://minio:9000' })).toContain('S3_BUCKET');
    expect(problems({ S3_BUCKET: 'docucard', S3_ACCESS_KEY_ID: 'key' })).toContain(
      'S3_SECRET_ACCESS_KEY',
    );
    expect(problems({ S3_BUCKET: 'Not_A_Bucket' })).toContain('S3_BUCKET');
  });

  it('names every bad field at once', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: tmp(),
        PORT: 'eighty',
        PUBLIC_URL: 'not a url',
        SESSION_SECRET: 'short',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('PUBLIC_URL');
    expect(problems).toContain('SESSION_SECRET');
  });
});
