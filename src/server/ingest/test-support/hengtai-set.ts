import type { AnalysedDocument } from '../analyse.ts';
import { ingestFile } from '../index.ts';
import { hengtai } from './fixtures.ts';

export const HENGTAI_FILES = [
  'hengtai-catalogue.pdf',
  'hengtai-deck.pptx',
  'hengtai-faq.txt',
  'hengtai-label.png',
  'hengtai-profile.docx',
] as const;

/** The five sample documents, ingested as the documents feature would. */
export async function ingestHengtai(): Promise<AnalysedDocument[]> {
  const docs: AnalysedDocument[] = [];
  for (const name of HENGTAI_FILES) {
    const { kind, sections } = await ingestFile(hengtai(name), name);
    docs.push({ fileName: name, kind, sections });
  }
  return docs;
}
