import { describe, expect, it } from 'vitest';
import { guessDelimiter } from './csv.ts';
import { visibleHtml } from './html.ts';
import { paragraphsFromWordText } from './legacy-word.ts';
import { pagesFromContentXml } from './odf.ts';
import { rtfToText } from './rtf.ts';
import { findHeaderRow, groupLines, sheetLines } from './spreadsheet.ts';
import { looksLikeHeaderRow, rowLine, tableLines } from './table-rows.ts';

describe('table rows', () => {
  it('names each value by its column header, the first row being the header', () => {
    expect(
      tableLines([
        ['Model', 'Flow', 'Price'],
        ['QB60', '40 L/min', '29.5'],
        ['QB80', '', '36.0'],
      ]),
    ).toEqual([
      'Model · Flow · Price',
      'Model: QB60 · Flow: 40 L/min · Price: 29.5',
      'Model: QB80 · Price: 36.0',
    ]);
  });

  it('joins the cells of a table without a header row', () => {
    expect(
      tableLines([
        ['QB60', '29.5'],
        ['QB80', '36.0'],
      ]),
    ).toEqual(['QB60 · 29.5', 'QB80 · 36.0']);
    expect(looksLikeHeaderRow(['2024', '2025'])).toBe(false);
  });

  it('writes a price list row with its key bare and its sheet first', () => {
    expect(
      rowLine(['Model', 'FOB Ningbo (USD)', 'MOQ'], ['AX-Mini 12', '29.5', '300'], {
        prefix: 'Price list 2026',
        bareKey: true,
      }),
    ).toBe('Price list 2026 · AX-Mini 12 · FOB Ningbo (USD): 29.5 · MOQ: 300');
  });
});

describe('spreadsheet sheets', () => {
  it('finds the header below a title and fills a header merged over two columns', () => {
    const grid = [
      ['AX Pumps price list'],
      [],
      ['Part', 'Price (USD)', ''],
      ['', 'FOB', 'EXW'],
      ['Impeller IM-7', '4.2', '3.9'],
    ];
    expect(findHeaderRow(grid)).toBe(2);
    const merges = [
      { s: { r: 2, c: 1 }, e: { r: 2, c: 2 } },
      { s: { r: 2, c: 0 }, e: { r: 3, c: 0 } },
    ];
    expect(sheetLines(grid, merges, 'Spare parts')).toEqual([
      'AX Pumps price list',
      'Spare parts · Part · Price (USD) FOB · Price (USD) EXW',
      'Spare parts · Impeller IM-7 · Price (USD) FOB: 4.2 · Price (USD) EXW: 3.9',
    ]);
  });

  it('leaves default sheet names out and keeps rows whole in passages', () => {
    expect(
      sheetLines(
        [
          ['Model', 'Stock'],
          ['QB60', '120'],
        ],
        [],
        'Sheet1',
      ),
    ).toEqual(['Model · Stock', 'QB60 · Stock: 120']);
    expect(groupLines(['a'.repeat(8), 'b'.repeat(8), 'c'.repeat(8)], 18)).toEqual([
      `${'a'.repeat(8)}\n${'b'.repeat(8)}`,
      'c'.repeat(8),
    ]);
  });
});

describe('CSV delimiters', () => {
  it('takes the delimiter every line uses', () => {
    expect(guessDelimiter('a,b,c\n1,2,3\n')).toBe(',');
    expect(guessDelimiter('a;b;c\n"1,5";2;3\n')).toBe(';');
    expect(guessDelimiter('a\tb\n1\t2\n')).toBe('\t');
  });
});

describe('RTF', () => {
  it('decodes \\u escapes and GBK bytes, and skips font tables, pictures and fields', () => {
    const rtf =
      '{\\rtf1\\ansi\\ansicpg936{\\fonttbl{\\f0\\fcharset134 SimSun;}}{\\*\\generator X;}' +
      "\\f0 \\'bc\\'db\\'b8\\'f1 29.5\\par \\uc1\\u21488?\\u28771? {\\pict 89504e47}end}";
    expect(rtfToText(rtf).trim()).toBe('价格 29.5\n台灣 end');
  });

  it('reads Big5 bytes by the font charset and table rows by \\cell and \\row', () => {
    const rtf =
      '{\\rtf1\\ansi\\ansicpg1252{\\fonttbl{\\f1\\fcharset136 MingLiU;}}' +
      "\\trowd\\intbl Model\\cell Price\\cell\\row\\trowd\\intbl {\\f1 \\'bb\\'f9}QB60\\cell 29.5\\cell\\row\\pard After\\par}";
    const paragraphs = paragraphsFromWordText(rtfToText(rtf)).map((p) => p.text);
    expect(paragraphs).toEqual(['Model · Price', 'Model: 價QB60 · Price: 29.5', 'After']);
  });
});

describe('OpenDocument content', () => {
  it('reads slides per draw:page, leaving speaker notes out', () => {
    const xml =
      '<office:document-content><office:body><office:presentation>' +
      '<draw:page><draw:frame><draw:text-box><text:p>Cover &amp; title</text:p></draw:text-box></draw:frame>' +
      '<presentation:notes><text:p>secret notes</text:p></presentation:notes></draw:page>' +
      '<draw:page><table:table><table:table-row><table:table-cell><text:p>Model</text:p></table:table-cell><table:table-cell><text:p>Price</text:p></table:table-cell></table:table-row>' +
      '<table:table-row><table:table-cell><text:p>QB60</text:p></table:table-cell><table:table-cell><text:p>29.5</text:p></table:table-cell></table:table-row></table:table></draw:page>' +
      '</office:presentation></office:body></office:document-content>';
    const pages = pagesFromContentXml(xml).map((page) => page.paragraphs.map((p) => p.text));
    expect(pages).toEqual([['Cover & title'], ['Model · Price', 'Model: QB60 · Price: 29.5']]);
  });

  it('refuses a content.xml that declares entities', () => {
    expect(() =>
      pagesFromContentXml('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>'),
    ).toThrow(expect.objectContaining({ code: 'zip-bomb' }));
  });
});

describe('a .doc that is a web page', () => {
  it('drops the head, styles and Word conditional comments', () => {
    const html =
      '<html><head><style>p{}</style></head><body><!--[if gte mso 9]><xml>x</xml><![endif]--><p>Hello</p></body></html>';
    expect(visibleHtml(html)).not.toMatch(/style|mso|xml/);
  });
});
