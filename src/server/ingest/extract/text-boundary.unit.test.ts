import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { makeTempDir, writeTemp } from '../test-support/fixtures.ts';
import { extractDocument } from './index.ts';
import { normalizeDocumentText, normalizeTextBoundary } from './text-boundary.ts';

describe('normalizeTextBoundary', () => {
  it('drops NUL, other C0 and C1 controls and DEL, keeping tabs and newlines', () => {
    expect(normalizeTextBoundary('Yes \u0000 No\u0001\u001B x\u007F\u0090\u009F\tA\nB')).toBe(
      'Yes  No x\tA\nB',
    );
  });

  it('turns carriage returns, vertical tabs and form feeds into line breaks', () => {
    expect(normalizeTextBoundary('a\r\nb\rc\u000Bd\u000Ce')).toBe('a\nb\nc\nd\ne');
  });

  it('replaces half a surrogate pair and keeps whole pairs', () => {
    expect(normalizeTextBoundary('a\uD800b \uDC00c 😀')).toBe('a\uFFFDb \uFFFDc 😀');
  });

  it('composes accents (NFC)', () => {
    expect(normalizeTextBoundary('Cafe\u0301 Zu\u0308rich')).toBe('Café Zürich');
  });
});

describe('normalizeDocumentText', () => {
  it('drops sections left empty, and a document left with none has no text', () => {
    expect(
      normalizeDocumentText({
        sections: [
          { page: 1, text: '\u0000\u0001' },
          { page: 2, text: 'ok\u0000' },
        ],
        pageCount: 2,
      }).sections,
    ).toEqual([{ page: 2, text: 'ok' }]);
    expect(() =>
      normalizeDocumentText({ sections: [{ page: 1, text: '\u0000' }], pageCount: 1 }),
    ).toThrow(expect.objectContaining({ code: 'no-text' }));
  });
});

describe('extractDocument', () => {
  it('normalises what an image reader returns (a vision model here) like any text', async () => {
    const canvas = createCanvas(40, 40);
    canvas.getContext('2d').fillRect(0, 0, 10, 10);
    const file = writeTemp(makeTempDir(), 'photo.png', canvas.toBuffer('image/png'));
    const document = await extractDocument(file, 'png', {
      describeImage: async () => 'Warranty\u0000 3 years\u009B, cafe\u0301 \uD800',
    });
    expect(document.sections).toEqual([{ page: 1, text: 'Warranty 3 years, café \uFFFD' }]);
  });
});
