import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { users } from './schema.ts';

/*
 * The embedded database on a folder, as the server opens it: a new folder is created and
 * migrated by a short-lived child process, an existing one is opened as it is, keeping what was
 * written. The buffer pool is the small one chosen in client.ts.
 */
describe('embedded database on a data folder', () => {
  let dir = '';
  afterAll(async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('creates and migrates a new folder, then reopens it with its data', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docucard-db-'));
    const pgliteDir = path.join(dir, 'pg');

    const first = await openDatabase({ pgliteDir });
    expect(first.kind).toBe('pglite');
    await first.db.insert(users).values({
      username: 'keeper',
      email: 'keeper@example.com',
      password: 'not-a-real-hash',
    });
    await first.close();
    await expect(fs.stat(path.join(pgliteDir, 'PG_VERSION'))).resolves.toBeTruthy();

    const again = await openDatabase({ pgliteDir });
    try {
      const rows = await again.db.select({ username: users.username }).from(users);
      expect(rows).toEqual([{ username: 'keeper' }]);
      const buffers = await again.db.execute(sql`show shared_buffers`);
      const settings = (buffers as unknown as { rows: { shared_buffers: string }[] }).rows;
      expect(settings[0]?.shared_buffers).toBe('16MB');
    } finally {
      await again.close();
    }
  }, 120_000);
});
