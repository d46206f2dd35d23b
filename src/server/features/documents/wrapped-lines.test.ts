import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import { documents } from '#server/db/schema.ts';
import {
  buildImagePdf,
  cjkFontFamily,
  renderTextImage,
} from '#server/ingest/test-support/scanned-pdf.ts';
import {
  api,
  createTestApp,
  freshAddress,
  multipart,
  newCard,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';

/*
 * A scanned service letter whose line wraps between a figure and its unit
 * ("MPPT 控制器质保 3" / "年。") is read with the fact on one line, and the buyer's question
 * about the controller's warranty is answered with "3 年".
 */

const LETTER = [
  '恒泰新能源科技有限公司',
  '售后服务函',
  '尊敬的客户：感谢您选购我司太阳能产品。',
  '我司设备的质保期如下：逆变器质保 5 年，MPPT 控制器质保 3',
  '年。',
  '质保期内非人为损坏的部件免费维修或更换，运费由我司承担。',
  '服务热线：400-800-1234',
];

describe.skipIf(!cjkFontFamily())('a scanned letter with a wrapped line', () => {
  let t: TestApp;
  let cookie: string;
  let cardId: number;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signUp(t)).cookie;
    cardId = await newCard(t, cookie);
  });
  afterAll(() => t?.close());

  it('keeps the warranty fact on one line, and the chat finds it', async () => {
    const pdf = await buildImagePdf([renderTextImage(LETTER, { fontSize: 32 })]);
    const upload = await multipart(t, '/api/documents', {
      cookie,
      fields: { businessCardId: String(cardId) },
      files: [{ field: 'documents', content: Buffer.from(pdf), name: 'service-letter.pdf' }],
    });
    expect(upload.statusCode).toBe(201);
    await t.documents.whenIdle();
    const id = upload.json().documents[0].id as number;
    const [row] = await t.ctx.db.select().from(documents).where(eq(documents.id, id));
    expect(row!.status).toBe('ready');
    const line = (row!.content ?? '').split('\n').find((each) => each.includes('控制器'));
    expect(line).toMatch(/MPPT 控制器质保 ?3 ?年/);

    const address = freshAddress();
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/chat/session-info/${cardId}`,
      remoteAddress: address,
    });
    const visitor = info.cookies.find((each) => each.name === VISITOR_COOKIE)!.value;
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${cardId}`,
      remoteAddress: address,
      headers: {
        cookie: `${VISITOR_COOKIE}=${visitor}`,
        'content-type': 'application/json',
        'x-language': 'zh-CN',
      },
      payload: JSON.stringify({ message: '控制器的质保期是多久？' }),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toMatch(/控制器质保 ?3 ?年/);
    expect(answer.json().citations[0].documentName).toBe('service-letter.pdf');
  }, 120_000);

  it('is what the API lists as ready', async () => {
    const list = await api(t, 'GET', `/api/business-cards/${cardId}/documents`, { cookie });
    expect(list.json()).toMatchObject([{ fileName: 'service-letter.pdf', status: 'ready' }]);
  });
});
