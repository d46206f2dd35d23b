import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentChunks } from '#server/db/schema.ts';
import { segmentWords } from '#server/ingest/index.ts';
import { createTestApp, signUp, type TestApp } from '#server/test/test-app.ts';
import {
  createPostgresSearchIndex,
  lexemeQuery,
  searchWithPostgres,
} from '../../../bench/retrieval-postgres.ts';
import { createCardWithDocuments } from './test-support/card.ts';

/*
 * The Postgres full-text design (bench/retrieval-postgres.ts, kept for the retrieval bench)
 * reads the same tokens as the in-memory index: a model number or a standard is one whole term,
 * and nothing a visitor types becomes a tsquery operator.
 */

const FILLER = 'Read this manual before installation and keep it near the pump. '.repeat(12);

let t: TestApp;
let cardId: number;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUp(t);
  cardId = await createCardWithDocuments(t, owner.cookie, [
    {
      field: 'documents',
      name: 'pumps.txt',
      // Three passages: each fact with enough text around it to be cut apart.
      content: [
        'Model 4SD10-12: rated head 60 m, power 2.3 kW.',
        'Model 4SD10-18: rated head 89 m, power 3.4 kW.',
        'All pumps are tested to GB/T 5657 in a factory certified to ISO 9001.',
      ]
        .map((fact) => `${fact} ${FILLER}`)
        .join('\n\n'),
    },
  ]);
}, 120_000);
afterAll(() => t.close());

const textOf = async (id: number) => {
  const rows = await t.ctx.db.select().from(documentChunks);
  return rows.find((row) => row.id === id)?.text ?? '';
};

describe('Postgres full-text search over the stored tokens', () => {
  it('quotes every word as one lexeme, so no operator comes from the text', () => {
    expect(lexemeQuery(["it's", '4sd10-18', '!', 'pumps'])).toBe(
      "'it''s' | '4sd10-18' | '!' | 'pumps' | 'pump'",
    );
  });

  it('has one passage per fact', async () => {
    expect(await t.ctx.db.$count(documentChunks)).toBe(3);
  });

  it('finds a model number and a standard as whole identifiers, with and without the index', async () => {
    for (const withIndex of [false, true]) {
      if (withIndex) await createPostgresSearchIndex(t.ctx);
      const [model] = await searchWithPostgres(t.ctx, cardId, segmentWords('4SD10-18 head'), 3);
      expect(await textOf(model!.id)).toContain('4SD10-18');
      const [typed] = await searchWithPostgres(t.ctx, cardId, segmentWords('4SD1018'), 3);
      expect(await textOf(typed!.id)).toContain('4SD10-18');
      const [standard] = await searchWithPostgres(t.ctx, cardId, segmentWords('ISO9001'), 3);
      expect(await textOf(standard!.id)).toContain('ISO 9001');
      const odd = await searchWithPostgres(t.ctx, cardId, segmentWords("-pumps & 'x' | !"), 3);
      expect(Array.isArray(odd)).toBe(true);
    }
  });
});
