import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { FIXTURES } from '#server/test/fixtures.ts';

export { FIXTURES };
export const hengtai = (name: string) => path.join(FIXTURES, 'hengtai', name);
export const bad = (name: string) => path.join(FIXTURES, 'bad', name);
export const sourceText = (name: string) => fs.readFileSync(hengtai(`src/${name}`), 'utf8');

/** A fresh temporary folder for files a test writes. */
export function makeTempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'docucard-ingest-'));
}

export function writeTemp(dir: string, name: string, data: Uint8Array | string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return file;
}

/** The text between "Page: <title>" / "Slide n: <title>" markers of a source file, per section. */
export function sourceSections(name: string): Array<{ title: string; lines: string[] }> {
  const sections: Array<{ title: string; lines: string[] }> = [];
  for (const line of sourceText(name).split('\n')) {
    const marker = /^(?:Page|Slide \d+):\s*(.+)$/.exec(line);
    if (marker?.[1]) sections.push({ title: marker[1], lines: [] });
    else if (line.trim()) sections.at(-1)?.lines.push(line.trim());
  }
  return sections;
}
