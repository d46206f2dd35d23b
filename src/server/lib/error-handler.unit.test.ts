import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installErrorHandler } from './error-handler.ts';

const app = Fastify({ logger: false });

beforeAll(async () => {
  installErrorHandler(app);
  // A route that (wrongly) validates its query in the handler instead of its schema.
  app.get('/parsed-in-handler', (request) =>
    z
      .object({ stage: z.enum(['new', 'won']), page: z.coerce.number().int().max(100) })
      .parse(request.query),
  );
  app.get('/defect', () => {
    throw new Error('a defect of ours');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('error handler', () => {
  it('answers 400 naming each field when request input fails zod outside a route schema', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/parsed-in-handler?stage=bogus&page=1e400',
      headers: { 'x-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: 'VALIDATION_ERROR', error: expect.any(String) });
    expect(Object.keys(body.fields).sort()).toEqual(['page', 'stage']);
    expect(typeof body.fields.stage).toBe('string');
  });

  it('still answers 500 to an error that is not the client’s', async () => {
    const response = await app.inject({ method: 'GET', url: '/defect' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'INTERNAL' });
  });
});
