import { describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, MAX_DOCUMENT_BYTES } from '#shared/schemas/cards.ts';
import {
  documentRejection,
  fileExtension,
  formatBytes,
  logoRejection,
  selectDocuments,
} from './upload-rules.ts';

const file = (name: string, size = 1000, type = '') => ({ name, size, type });

describe('document upload rules', () => {
  it('reads the extension case-insensitively', () => {
    expect(fileExtension('Catalogue.PDF')).toBe('.pdf');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('.hidden')).toBe('');
  });

  it('accepts the supported types up to 150 MB', () => {
    for (const name of [
      'a.pdf',
      'b.docx',
      'c.pptx',
      'd.txt',
      'e.jpg',
      'f.jpeg',
      'g.PNG',
      'h.xlsx',
      'i.XLS',
      'j.csv',
      'k.doc',
      'l.ppt',
      'm.wps',
      'n.et',
      'o.dps',
      'p.odt',
      'q.rtf',
    ]) {
      expect(documentRejection(file(name))).toBeNull();
    }
    expect(documentRejection(file('big.pdf', MAX_DOCUMENT_BYTES))).toBeNull();
  });

  it('refuses a file over 150 MB, an empty file and an unsupported type', () => {
    expect(documentRejection(file('big.pdf', MAX_DOCUMENT_BYTES + 1))).toBe('tooLarge');
    expect(documentRejection(file('empty.txt', 0))).toBe('empty');
    expect(documentRejection(file('archive.zip'))).toBe('type');
    expect(documentRejection(file('setup.exe'))).toBe('type');
  });

  it('takes at most 10 documents, counting those already on the card', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => file(`doc${i}.pdf`));
    const fresh = selectDocuments(twelve, 0);
    expect(fresh.accepted).toHaveLength(10);
    expect(fresh.rejected.map((r) => r.reason)).toEqual(['tooMany', 'tooMany']);

    const topUp = selectDocuments(twelve.slice(0, 3), 8);
    expect(topUp.accepted).toHaveLength(2);
    expect(topUp.rejected).toHaveLength(1);
  });

  it('does not let a refused file use up a place', () => {
    const result = selectDocuments([file('a.exe'), file('b.pdf', 0), file('c.pdf')], 9);
    expect(result.accepted.map((f) => f.name)).toEqual(['c.pdf']);
    expect(result.rejected.map((r) => r.reason)).toEqual(['type', 'empty']);
  });
});

describe('logo rules', () => {
  it('one rule everywhere: a PNG, JPEG, GIF or WebP image of at most 5 MB', () => {
    expect(LOGO_MAX_BYTES).toBe(5 * 1024 * 1024);
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) {
      expect(logoRejection(file('logo', LOGO_MAX_BYTES, type))).toBeNull();
    }
    expect(logoRejection(file('logo.png', LOGO_MAX_BYTES + 1, 'image/png'))).toBe('tooLarge');
    expect(logoRejection(file('logo.pdf', 100, 'application/pdf'))).toBe('type');
  });

  it('refuses images the server does not keep (SVG, TIFF, HEIC)', () => {
    expect(logoRejection(file('logo.svg', 100, 'image/svg+xml'))).toBe('type');
    expect(logoRejection(file('logo.tif', 100, 'image/tiff'))).toBe('type');
    expect(logoRejection(file('logo.heic', 100, 'image/heic'))).toBe('type');
  });
});

describe('formatBytes', () => {
  it('uses binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(150 * 1024 * 1024)).toBe('150 MB');
  });
});
