import { describe, expect, it } from 'vitest';
import { interpolateSpaced } from './cjk-spacing.ts';

describe('interpolateSpaced', () => {
  it('spaces a Latin name from the Chinese around it', () => {
    expect(interpolateSpaced('您好！欢迎咨询{{company}}', { company: 'Aoxin Pump Industry' })).toBe(
      '您好！欢迎咨询 Aoxin Pump Industry',
    );
    expect(interpolateSpaced('{{company}}会就您的咨询与您联系。', { company: 'Aoxin' })).toBe(
      'Aoxin 会就您的咨询与您联系。',
    );
  });

  it('keeps a Chinese name tight and leaves punctuation and Latin templates alone', () => {
    expect(interpolateSpaced('欢迎咨询{{company}}', { company: '奥鑫泵业' })).toBe(
      '欢迎咨询奥鑫泵业',
    );
    expect(interpolateSpaced('谢谢您，{{name}}！', { name: 'Anna' })).toBe('谢谢您，Anna！');
    expect(interpolateSpaced('Welcome to {{company}}', { company: 'Aoxin' })).toBe(
      'Welcome to Aoxin',
    );
    expect(interpolateSpaced('{{missing}}', {})).toBe('{{missing}}');
  });
});
