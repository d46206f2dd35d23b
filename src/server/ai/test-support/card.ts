import fs from 'node:fs/promises';
import path from 'node:path';
import { FIXTURES, api, multipart, type TestApp, type UploadFile } from '#server/test/test-app.ts';

/*
 * A card built as an owner builds one: through the HTTP API (session card, multipart upload),
 * then waiting for the document processor. Used by the assistant's integration tests.
 */

export const HENGTAI_DIR = path.join(FIXTURES, 'hengtai');

export interface QaSet {
  answerable: Array<{ q: string; expect_any: string[] }>;
  cross_lingual: Array<{ q: string; expect_any: string[] }>;
  out_of_scope: string[];
}

export async function readQa(dir = HENGTAI_DIR): Promise<QaSet> {
  return JSON.parse(await fs.readFile(path.join(dir, 'qa.json'), 'utf8')) as QaSet;
}

/** Every document of a fixture folder (not qa.json, not sub-folders). */
export async function documentsIn(dir: string): Promise<UploadFile[]> {
  const files: UploadFile[] = [];
  for (const name of (await fs.readdir(dir)).sort()) {
    const file = path.join(dir, name);
    if (name.endsWith('.json') || !(await fs.stat(file)).isFile()) continue;
    files.push({ field: 'documents', path: file, name });
  }
  return files;
}

export async function createCardWithDocuments(
  t: TestApp,
  cookie: string,
  files: UploadFile[],
): Promise<number> {
  const session = await api(t, 'POST', '/api/business-card-session', { body: {}, cookie });
  if (session.statusCode >= 300) throw new Error(`no card: ${session.body}`);
  const cardId = session.json().businessCardId as number;
  if (files.length > 0) await uploadTo(t, cookie, cardId, files);
  return cardId;
}

export async function uploadTo(
  t: TestApp,
  cookie: string,
  cardId: number,
  files: UploadFile[],
): Promise<void> {
  const upload = await multipart(t, '/api/documents', {
    cookie,
    fields: { businessCardId: String(cardId) },
    files,
  });
  if (upload.statusCode !== 201) throw new Error(`upload failed: ${upload.body}`);
  await t.documents.whenIdle();
}
