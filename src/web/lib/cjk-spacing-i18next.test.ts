import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import app from '../i18n/index.ts';
import { markValue, spaceMarkedValues } from './cjk-spacing.ts';
import {
  CJK_SPACING,
  cjkSpacingInterpolation,
  cjkSpacingPostProcessor,
} from './cjk-spacing-i18next.ts';

function instance() {
  const i18n = createInstance();
  void i18n.use(cjkSpacingPostProcessor).init({
    lng: 'zh-CN',
    fallbackLng: 'en',
    initAsync: false,
    interpolation: cjkSpacingInterpolation,
    postProcess: [CJK_SPACING],
    resources: {
      en: { translation: { welcome: 'Welcome to {{company}}', pair: '{{a}}{{b}}' } },
      'zh-CN': {
        translation: {
          welcome: '欢迎咨询{{company}}',
          reply: '{{company}}会与您联系。',
          thanks: '谢谢您，{{name}}！',
          cards_other: '共{{count}}张名片',
          pair: '{{a}}{{b}}',
          spaced: '{{name}} 的访客',
        },
      },
      'zh-TW': { translation: { welcome: '歡迎諮詢{{company}}' } },
    },
  });
  return i18n;
}

describe('CJK spacing in every i18next translation', () => {
  it('sets a Latin name or a number off from Chinese in zh-CN and zh-TW', () => {
    const i18n = instance();
    expect(i18n.t('welcome', { company: 'Aoxin Pump Industry' })).toBe(
      '欢迎咨询 Aoxin Pump Industry',
    );
    expect(i18n.t('reply', { company: 'Aoxin' })).toBe('Aoxin 会与您联系。');
    expect(i18n.t('cards', { count: 12 })).toBe('共 12 张名片');
    expect(i18n.t('welcome', { company: 'Aoxin', lng: 'zh-TW' })).toBe('歡迎諮詢 Aoxin');
  });

  it('keeps Chinese names tight, punctuation and existing spaces alone', () => {
    const i18n = instance();
    expect(i18n.t('welcome', { company: '奥鑫泵业' })).toBe('欢迎咨询奥鑫泵业');
    expect(i18n.t('thanks', { name: 'Anna' })).toBe('谢谢您，Anna！');
    expect(i18n.t('spaced', { name: 'Anna' })).toBe('Anna 的访客');
    expect(i18n.t('pair', { a: 'Anna', b: '王芳' })).toBe('Anna 王芳');
  });

  it('leaves English as it is and never shows a marker or an HTML entity', () => {
    const i18n = instance();
    expect(i18n.t('welcome', { company: 'A&B <Pumps>', lng: 'en' })).toBe('Welcome to A&B <Pumps>');
    expect(i18n.t('pair', { a: 'Anna', b: 'Li', lng: 'en' })).toBe('AnnaLi');
    expect(i18n.t('welcome', { company: 'R&D/Lab' })).toBe('欢迎咨询 R&D/Lab');
  });

  it('is on in the app’s own i18next', async () => {
    await app.changeLanguage('zh-CN');
    expect(app.t('conversation.title', { name: 'Anna Schmidt' })).toBe('与 Anna Schmidt 的对话');
    await app.changeLanguage('zh-TW');
    expect(app.t('conversation.title', { name: '王芳' })).toBe('與王芳的對話');
    await app.changeLanguage('en');
    expect(app.t('conversation.title', { name: 'Anna Schmidt' })).toBe(
      'Conversation with Anna Schmidt',
    );
  });
});

describe('spaceMarkedValues', () => {
  it('drops stray markers and spaces only marked seams', () => {
    expect(spaceMarkedValues(`欢迎${markValue('Aoxin')}公司`)).toBe('欢迎 Aoxin 公司');
    expect(spaceMarkedValues(`欢迎${markValue('Aoxin')}`, false)).toBe('欢迎Aoxin');
    expect(spaceMarkedValues('欢迎Aoxin')).toBe('欢迎Aoxin');
    expect(spaceMarkedValues(`${markValue('')}中文`)).toBe('中文');
  });
});
