import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, multipart, signUp, type TestApp } from '#server/test/test-app.ts';
import { renderCardPhoto, type CardText } from './test-support/card-image.ts';

/*
 * Photos of paper business cards in different layouts and languages (drawn
 * here, turned a little on a grey table) give company, website, address and job title as well
 * as name, e-mail and phone. OCR slips that are no fault of the parser are allowed for in the
 * patterns (an accent lost, "ß" read as "ll", 陶瓷 read as 陶资, Traditional read as Simplified).
 */

interface CardCase {
  label: string;
  texts: CardText[];
  rotate?: number;
  paper?: string;
  expected: Record<string, string | RegExp>;
}

const CASES: CardCase[] = [
  {
    label: 'a Spanish card, brand above the legal name, contacts below (the reported card)',
    rotate: 1.5,
    paper: '#fbfaf5',
    texts: [
      { text: 'IBERIA WATER', x: 70, y: 110, size: 60, bold: true, colour: '#0b4f8a' },
      { text: 'Iberia Water Solutions S.L.', x: 70, y: 165, size: 32 },
      { text: 'Carlos Martínez Ruiz', x: 70, y: 280, size: 44, bold: true },
      { text: 'Export Manager', x: 70, y: 330, size: 32 },
      { text: 'Calle de Colón 12, 46004 Valencia', x: 70, y: 430, size: 30 },
      { text: 'T +34 961 234 567', x: 70, y: 475, size: 30 },
      { text: 'carlos.martinez@iberiawater.es', x: 70, y: 520, size: 30 },
      { text: 'www.iberiawater.es', x: 70, y: 565, size: 30 },
    ],
    expected: {
      company: 'Iberia Water Solutions S.L.',
      website: 'www.iberiawater.es',
      name: /^Carlos Mart[ií]nez Ruiz$/,
      jobTitle: 'Export Manager',
      email: 'carlos.martinez@iberiawater.es',
      phone: /^\+34 ?961 ?234 ?567$/,
      address: /^Calle de Col.n 12, 46004 Valencia$/,
    },
  },
  {
    label: 'an American card in two columns, a bare domain, a two-line address',
    texts: [
      { text: 'Acme Filtration, Inc.', x: 60, y: 100, size: 48, bold: true },
      { text: 'John A. Smith', x: 60, y: 260, size: 42, bold: true },
      { text: 'VP, Business Development', x: 60, y: 310, size: 30 },
      { text: '1200 Market Street, Suite 400', x: 600, y: 420, size: 26 },
      { text: 'San Francisco, CA 94103', x: 600, y: 460, size: 26 },
      { text: 'Office +1 415 555 0134', x: 600, y: 500, size: 26 },
      { text: 'john.smith@acmefiltration.com', x: 600, y: 540, size: 26 },
      { text: 'acmefiltration.com', x: 600, y: 580, size: 26 },
    ],
    expected: {
      company: 'Acme Filtration, Inc.',
      website: 'acmefiltration.com',
      name: 'John A. Smith',
      jobTitle: 'VP, Business Development',
      email: 'john.smith@acmefiltration.com',
      address: '1200 Market Street, Suite 400, San Francisco, CA 94103',
    },
  },
  {
    label: 'a German card, company set on the right',
    rotate: -1,
    texts: [
      { text: 'Müller Pumpen GmbH', x: 990, y: 100, size: 46, bold: true, anchor: 'end' },
      { text: 'Dr. Anna Schmidt', x: 60, y: 260, size: 42, bold: true },
      { text: 'Leiterin Vertrieb', x: 60, y: 310, size: 30 },
      { text: 'Industriestraße 5, 70565 Stuttgart', x: 60, y: 450, size: 28 },
      { text: 'Mobil +49 171 2345678', x: 60, y: 495, size: 28 },
      { text: 'anna.schmidt@mueller-pumpen.de', x: 60, y: 540, size: 28 },
      { text: 'www.mueller-pumpen.de', x: 60, y: 585, size: 28 },
    ],
    expected: {
      company: /^M(?:ü|ii|u)ller Pumpen GmbH$/,
      website: 'www.mueller-pumpen.de',
      name: 'Dr. Anna Schmidt',
      jobTitle: 'Leiterin Vertrieb',
      address: /^Industriestra(?:ß|ss|ll)e 5, 70565 Stuttgart$/,
    },
  },
  {
    label: 'a Chinese card, centred, with labels',
    texts: [
      { text: '宁波恒泰陶瓷有限公司', x: 525, y: 110, size: 50, bold: true, anchor: 'middle' },
      { text: '张伟', x: 525, y: 230, size: 56, bold: true, anchor: 'middle' },
      { text: '销售经理', x: 525, y: 290, size: 34, anchor: 'middle' },
      { text: '手机：138 1234 5678', x: 525, y: 390, size: 30, anchor: 'middle' },
      { text: '邮箱：zhangwei@hengtai.cn', x: 525, y: 435, size: 30, anchor: 'middle' },
      { text: '网址：www.hengtai.cn', x: 525, y: 480, size: 30, anchor: 'middle' },
      {
        text: '地址：浙江省宁波市鄞州区工业园区 88 号',
        x: 525,
        y: 525,
        size: 30,
        anchor: 'middle',
      },
    ],
    expected: {
      company: /^宁波恒泰陶.有限公司$/,
      website: 'www.hengtai.cn',
      name: '张伟',
      jobTitle: '销售经理',
      email: 'zhangwei@hengtai.cn',
      phone: '138 1234 5678',
      address: '浙江省宁波市鄞州区工业园区 88 号',
    },
  },
  {
    label: 'a Traditional Chinese card, name and title on one line',
    rotate: 1,
    texts: [
      { text: '香港華盛貿易股份有限公司', x: 60, y: 110, size: 48, bold: true },
      { text: '陳大文 總經理', x: 60, y: 250, size: 44, bold: true },
      { text: '電話：+852 2345 6789', x: 60, y: 400, size: 30 },
      { text: 'www.wahsing.com.hk', x: 60, y: 450, size: 30 },
      { text: '香港九龍觀塘道 123 號 15 樓', x: 60, y: 500, size: 30 },
    ],
    expected: {
      company: /^香港[華华]盛[貿贸]易股份有限公司$/,
      website: 'www.wahsing.com.hk',
      name: /^[陳陈]大文$/,
      jobTitle: /^[總总][經经]理$/,
      phone: '+852 2345 6789',
      address: /^香港九[龍龙][觀观]塘道 123 [號号] 15 [樓楼]$/,
    },
  },
];

let t: TestApp;
let cookie: string;
let cardId: number;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signUp(t)).cookie;
  cardId = (await api(t, 'POST', '/api/business-card-session', { body: {}, cookie })).json()
    .businessCardId as number;
});
afterAll(() => t.close());

describe('paper card photos in several layouts', () => {
  it.each(CASES)(
    '$label',
    async ({ texts, rotate, paper, expected }) => {
      const image = renderCardPhoto(texts, { rotate, paper });
      const response = await multipart(t, '/api/sales-pipeline/leads/from-photo', {
        cookie,
        fields: { businessCardId: String(cardId) },
        files: [{ field: 'image', content: image, name: 'card.png', type: 'image/png' }],
      });
      expect(response.statusCode).toBe(200);
      const fields = response.json() as Record<string, string>;
      for (const [field, want] of Object.entries(expected)) {
        if (typeof want === 'string') expect(fields[field], field).toBe(want);
        else expect(fields[field], field).toMatch(want);
      }
    },
    120_000,
  );
});
