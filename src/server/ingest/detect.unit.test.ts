import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { detectDocumentKind } from './detect.ts';
import { OLE_SIGNATURE } from './ole-container.ts';
import { bad, hengtai, makeTempDir, writeTemp } from './test-support/fixtures.ts';
import { countInflatedBytes } from './test-support/inflate-counter.ts';
import { encodeLegacy } from './test-support/legacy-encoding.ts';
import { buildOleFile } from './test-support/ole-writer.ts';
import { buildDocx, buildZip } from './test-support/zip-writer.ts';

const dir = makeTempDir();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('detectDocumentKind on the sample company', () => {
  it.each([
    ['hengtai-catalogue.pdf', 'pdf', 'application/pdf'],
    [
      'hengtai-deck.pptx',
      'pptx',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    ['hengtai-faq.txt', 'txt', 'text/plain'],
    ['hengtai-label.png', 'png', 'image/png'],
    [
      'hengtai-profile.docx',
      'docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
  ])('%s is %s', async (name, kind, mimeType) => {
    expect(await detectDocumentKind(hengtai(name), name)).toMatchObject({
      ok: true,
      kind,
      mimeType,
    });
  });

  it('ignores the name: a DOCX named .pdf is still a DOCX', async () => {
    const copy = writeTemp(dir, 'profile.pdf', fs.readFileSync(hengtai('hengtai-profile.docx')));
    expect(await detectDocumentKind(copy, 'profile.pdf')).toMatchObject({ ok: true, kind: 'docx' });
  });
});

describe('detectDocumentKind on the bad files', () => {
  it('refuses the empty file as empty', async () => {
    expect(await detectDocumentKind(bad('empty.txt'), 'empty.txt')).toMatchObject({
      ok: false,
      reason: 'empty',
    });
  });

  it('accepts a PNG named .pdf as the PNG it is', async () => {
    expect(await detectDocumentKind(bad('png-named.pdf'), 'png-named.pdf')).toMatchObject({
      ok: true,
      kind: 'png',
    });
  });

  it('refuses an executable named .docx as unsupported', async () => {
    expect(await detectDocumentKind(bad('program.docx'), 'program.docx')).toMatchObject({
      ok: false,
      reason: 'unsupported',
      params: { detectedType: 'exe' },
    });
  });

  it('takes a truncated PDF as a PDF (extraction reports it broken)', async () => {
    expect(await detectDocumentKind(bad('truncated.pdf'), 'truncated.pdf')).toMatchObject({
      ok: true,
      kind: 'pdf',
    });
  });

  it('recognises the zip bomb as a DOCX from its directory without inflating it', async () => {
    const inflated = countInflatedBytes();
    try {
      expect(await detectDocumentKind(bad('zip-bomb.docx'), 'zip-bomb.docx')).toMatchObject({
        ok: true,
        kind: 'docx',
      });
      // Only [Content_Types].xml (297 bytes) was read; its 400 MB document.xml never was.
      expect(inflated.streams).toBe(1);
      expect(inflated.bytes).toBeLessThanOrEqual(297);
    } finally {
      inflated.restore();
    }
  });
});

describe('detectDocumentKind on text encodings', () => {
  const chinese =
    '佛山恒泰陶瓷有限公司成立于2008年，专业生产瓷质抛釉砖和仿木纹砖。公司拥有6条全自动生产线。';
  const traditional =
    '佛山恆泰陶瓷有限公司成立於2008年，專業生產瓷質拋釉磚和仿木紋磚。公司擁有6條全自動生產線。';

  it('reads UTF-8 with a BOM', async () => {
    const file = writeTemp(
      dir,
      'bom.txt',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(chinese)]),
    );
    expect(await detectDocumentKind(file, 'bom.txt')).toMatchObject({
      ok: true,
      kind: 'txt',
      textEncoding: 'utf-8',
    });
  });

  it('reads GB18030 when the bytes are not UTF-8', async () => {
    const bytes = encodeLegacy('gb18030', chinese);
    expect(new TextDecoder('gb18030').decode(bytes)).toBe(chinese);
    const file = writeTemp(dir, 'gb.txt', bytes);
    expect(await detectDocumentKind(file, 'gb.txt')).toMatchObject({
      ok: true,
      kind: 'txt',
      textEncoding: 'gb18030',
    });
  });

  it('tells Big5 from GB18030 by the characters it decodes to', async () => {
    const file = writeTemp(dir, 'big5.txt', encodeLegacy('big5', traditional));
    expect(await detectDocumentKind(file, 'big5.txt')).toMatchObject({
      ok: true,
      kind: 'txt',
      textEncoding: 'big5',
    });
  });

  it('reads UTF-16 with a BOM (Windows Notepad "Unicode")', async () => {
    const file = writeTemp(
      dir,
      'utf16.txt',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(chinese, 'utf16le')]),
    );
    expect(await detectDocumentKind(file, 'utf16.txt')).toMatchObject({
      ok: true,
      kind: 'txt',
      textEncoding: 'utf-16le',
    });
  });

  it('refuses binary garbage as text-encoding', async () => {
    const garbage = Buffer.alloc(4096);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) % 256;
    const file = writeTemp(dir, 'garbage.txt', garbage);
    expect(await detectDocumentKind(file, 'garbage.txt')).toMatchObject({
      ok: false,
      reason: 'text-encoding',
    });
  });

  it('refuses text full of control characters as text-encoding', async () => {
    const file = writeTemp(
      dir,
      'controls.txt',
      'abc\u0001\u0002\u0003\u0004\u0005def\u0006\u0007\u0008',
    );
    expect(await detectDocumentKind(file, 'controls.txt')).toMatchObject({
      ok: false,
      reason: 'text-encoding',
    });
  });

  it('refuses a file of only whitespace as empty', async () => {
    const file = writeTemp(dir, 'blank.txt', ' \n\n\t \r\n');
    expect(await detectDocumentKind(file, 'blank.txt')).toMatchObject({
      ok: false,
      reason: 'empty',
    });
  });

  it('refuses HTML and SVG as unsupported rather than reading markup as prose', async () => {
    const file = writeTemp(dir, 'page.txt', '<!DOCTYPE html><html><body>Hi</body></html>');
    expect(await detectDocumentKind(file, 'page.txt')).toMatchObject({
      ok: false,
      reason: 'unsupported',
    });
  });
});

describe('detectDocumentKind on legacy and other containers', () => {
  const noSoffice = { sofficePath: '/nonexistent/soffice' };

  it('refuses an OLE blob named .ppt as legacy-ppt with a PPTX hint when LibreOffice is absent', async () => {
    const blob = Buffer.concat([Buffer.from(OLE_SIGNATURE), Buffer.alloc(2048)]);
    const file = writeTemp(dir, 'old.ppt', blob);
    expect(await detectDocumentKind(file, 'old.ppt', noSoffice)).toMatchObject({
      ok: false,
      reason: 'legacy-ppt',
      params: { legacyFormat: 'ppt', suggestedFormat: 'pptx' },
    });
  });

  it('reads the OLE directory: a PowerPoint 97 file named .bin is still a .ppt', async () => {
    const file = writeTemp(dir, 'deck.bin', buildOleFile(['Current User', 'PowerPoint Document']));
    expect(await detectDocumentKind(file, 'deck.bin', noSoffice)).toMatchObject({
      ok: false,
      reason: 'legacy-ppt',
      params: { legacyFormat: 'ppt', suggestedFormat: 'pptx' },
    });
    const dps = writeTemp(dir, 'deck.dps', buildOleFile(['PowerPoint Document']));
    expect(await detectDocumentKind(dps, 'deck.dps', noSoffice)).toMatchObject({
      params: { legacyFormat: 'dps', suggestedFormat: 'pptx' },
    });
    expect(await detectDocumentKind(file, 'deck.bin', { sofficePath: '/bin/sh' })).toMatchObject({
      ok: true,
      kind: 'ppt',
    });
  });

  it('accepts Word 97 and WPS Writer, Excel 97 and WPS Spreadsheets by their streams', async () => {
    const doc = writeTemp(dir, 'letter.doc', buildOleFile(['WordDocument', '1Table']));
    expect(await detectDocumentKind(doc, 'letter.doc')).toMatchObject({ ok: true, kind: 'doc' });
    expect(await detectDocumentKind(doc, 'letter.wps')).toMatchObject({ ok: true, kind: 'wps' });
    const xls = writeTemp(dir, 'prices.bin', buildOleFile(['Workbook']));
    expect(await detectDocumentKind(xls, 'prices.bin')).toMatchObject({ ok: true, kind: 'xls' });
    expect(await detectDocumentKind(xls, 'prices.et')).toMatchObject({ ok: true, kind: 'et' });
  });

  it('refuses a password-protected DOCX as encrypted', async () => {
    const file = writeTemp(
      dir,
      'secret.docx',
      buildOleFile(['EncryptionInfo', 'EncryptedPackage']),
    );
    expect(await detectDocumentKind(file, 'secret.docx')).toMatchObject({
      ok: false,
      reason: 'encrypted',
    });
  });

  it('refuses an unknown OLE file with an ordinary name as unsupported', async () => {
    const file = writeTemp(dir, 'setup.msi', buildOleFile(['SummaryInformation']));
    expect(await detectDocumentKind(file, 'setup.msi')).toMatchObject({
      ok: false,
      reason: 'unsupported',
    });
  });

  it('refuses a zip that is not OOXML; accepts an Excel workbook and OpenDocument', async () => {
    const zip = writeTemp(dir, 'photos.docx', buildZip([{ name: 'a.txt', data: 'hello' }]));
    expect(await detectDocumentKind(zip, 'photos.docx')).toMatchObject({
      ok: false,
      reason: 'unsupported',
      params: { detectedType: 'zip' },
    });
    const xlsx = writeTemp(
      dir,
      'book.zip',
      buildZip([
        {
          name: '[Content_Types].xml',
          data: '<Types><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
        },
        { name: 'xl/workbook.xml', data: '<workbook/>' },
      ]),
    );
    expect(await detectDocumentKind(xlsx, 'book.zip')).toMatchObject({ ok: true, kind: 'xlsx' });
    const odt = writeTemp(
      dir,
      'letter.bin',
      buildZip([
        { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', store: true },
        { name: 'content.xml', data: '<office:document-content/>' },
      ]),
    );
    expect(await detectDocumentKind(odt, 'letter.bin')).toMatchObject({ ok: true, kind: 'odt' });
  });

  it('reads RTF, a .doc that is RTF or a web page, and CSV in UTF-16', async () => {
    const rtf = writeTemp(dir, 'letter.doc', '{\\rtf1\\ansi Hello}');
    expect(await detectDocumentKind(rtf, 'letter.doc')).toMatchObject({ ok: true, kind: 'rtf' });
    const html = writeTemp(dir, 'page.doc', '<html><body><p>Hello</p></body></html>');
    expect(await detectDocumentKind(html, 'page.doc')).toMatchObject({ ok: true, kind: 'html' });
    expect(await detectDocumentKind(html, 'page.txt')).toMatchObject({ ok: false });
    const csv = writeTemp(
      dir,
      'prices.csv',
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from('Model\tPrice\nQB60\t29.5\n', 'utf16le'),
      ]),
    );
    expect(await detectDocumentKind(csv, 'prices.csv')).toMatchObject({
      ok: true,
      kind: 'csv',
      textEncoding: 'utf-16le',
    });
  });

  it('refuses a zip cut in half as corrupt-document', async () => {
    const whole = buildDocx(['Hello']);
    const file = writeTemp(dir, 'cut.docx', whole.subarray(0, Math.floor(whole.length / 2)));
    expect(await detectDocumentKind(file, 'cut.docx')).toMatchObject({
      ok: false,
      reason: 'corrupt-document',
    });
  });

  it('refuses other images (GIF) as unsupported', async () => {
    const file = writeTemp(
      dir,
      'anim.png',
      Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]),
    );
    expect(await detectDocumentKind(file, 'anim.png')).toMatchObject({
      ok: false,
      reason: 'unsupported',
      params: { detectedType: 'gif' },
    });
  });
});
