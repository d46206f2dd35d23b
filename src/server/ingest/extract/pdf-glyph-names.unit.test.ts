import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractDocument } from './index.ts';
import { withReadableGlyphNames } from './pdf-glyph-names.ts';

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('glyph names pdf.js cannot read', () => {
  it('drops a variant suffix and joins ligature parts, in place at the same length', () => {
    const pdf = '<< /Type /Encoding /Differences [48 /zero.os /one.os 97 /a.sc /f_f_i /f_l] >>';
    const rewritten = withReadableGlyphNames(latin1(pdf));
    expect(rewritten.length).toBe(pdf.length);
    expect(text(rewritten).replace(/ +/g, ' ')).toBe(
      '<< /Type /Encoding /Differences [48 /zero /one 97 /a /ffi /fl ] >>',
    );
  });

  it('leaves plain names, other arrays and content streams alone', () => {
    const pdf =
      '<< /Differences [65 /A /B /uni4E2D] /Kids [1 0 R] >> stream\n(zero.os) Tj /F1.2 12 Tf endstream';
    const bytes = latin1(pdf);
    expect(withReadableGlyphNames(bytes)).toBe(bytes);
  });

  // A real LaTeX manual whose digits are old-style figures ("one.os"): poppler reads them.
  const manual = '/work/shared/fixtures/real-pdfs/issue10640.pdf';
  it.skipIf(!fs.existsSync(manual))(
    'reads the section numbers of a real LaTeX manual',
    async () => {
      const { sections } = await extractDocument(manual, 'pdf');
      const first = sections[0]!.text;
      expect(first).toContain('Version 1.1');
      expect(first).toContain('November 3, 2011');
      expect(first).toContain('3.2.1 Open Sans as default');
    },
  );
});
