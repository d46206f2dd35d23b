import { buildIntelligence, type DocumentIntelligence } from '#server/ingest/intelligence.ts';
import type { AnalysedDocument, ExtractedSection } from '#server/ingest/index.ts';
import { joinPassages } from '#server/text/passages.ts';
import type { CardIndex } from './retrieval.ts';

/*
 * The document intelligence of a card (products, overview, contacts, trade terms,
 * certifications, each with the line it came from), read from the same passages the assistant
 * searches, so every fact it states can be cited by document and page. Built on first use and
 * kept as long as the index is (a new index means new documents).
 */

const cache = new WeakMap<CardIndex, DocumentIntelligence>();

/** The card's documents as the intelligence reader takes them: text per page. */
export function documentsOf(index: CardIndex): AnalysedDocument[] {
  const documents = new Map<number, { fileName: string; sections: ExtractedSection[] }>();
  for (const chunk of index.chunks) {
    let doc = documents.get(chunk.documentId);
    if (!doc) documents.set(chunk.documentId, (doc = { fileName: chunk.fileName, sections: [] }));
    const last = doc.sections.at(-1);
    if (last && last.page === chunk.page) last.text = joinPassages(last.text, chunk.text);
    else doc.sections.push({ page: chunk.page, text: chunk.text });
  }
  // The kind is not read by the intelligence (only text and pages are).
  return [...documents.values()].map((doc) => ({
    ...doc,
    kind: 'txt' as AnalysedDocument['kind'],
  }));
}

export function intelligenceOf(index: CardIndex): DocumentIntelligence {
  let intelligence = cache.get(index);
  if (!intelligence) {
    intelligence = buildIntelligence(documentsOf(index));
    cache.set(index, intelligence);
  }
  return intelligence;
}
