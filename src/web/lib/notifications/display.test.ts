import { describe, expect, it } from 'vitest';
import i18n from '#web/i18n/index.ts';
import {
  customerCompanyText,
  customerLocationText,
  customerNameText,
  priorityLabel,
  relativeTimeText,
  statusLabel,
} from './display.ts';

const anonymous = {
  customerName: null,
  customerLocation: null,
  customerInfo: { company: null, phone: null },
};
const known = {
  customerName: 'Anna Schmidt',
  customerLocation: 'Germany',
  customerInfo: { company: 'Schmidt GmbH', phone: '+49 30 1234' },
};

describe('notification texts', () => {
  it('falls back to new customer, unknown location and unknown company', () => {
    const en = i18n.getFixedT('en');
    expect(customerNameText(anonymous, en)).toBe('New customer');
    expect(customerLocationText(anonymous, en)).toBe('Unknown location');
    expect(customerCompanyText(anonymous, en)).toBe('Unknown company');

    const zh = i18n.getFixedT('zh-CN');
    expect(customerNameText(anonymous, zh)).toBe('新客户');
    expect(customerLocationText(anonymous, zh)).toBe('未知位置');
    expect(customerCompanyText(anonymous, zh)).toBe('未知公司');

    const tw = i18n.getFixedT('zh-TW');
    expect(customerNameText(anonymous, tw)).toBe('新客戶');
  });

  it('shows what the visitor told us when known', () => {
    const en = i18n.getFixedT('en');
    expect(customerNameText(known, en)).toBe('Anna Schmidt');
    expect(customerLocationText(known, en)).toBe('Germany');
    expect(customerLocationText(known, i18n.getFixedT('zh-CN'), 'zh-CN')).toBe('德国');
    expect(customerLocationText(known, i18n.getFixedT('zh-TW'), 'zh-TW')).toBe('德國');
    expect(customerCompanyText(known, en)).toBe('Schmidt GmbH');
  });

  it('labels priorities 紧急 高 中 低 in Chinese and Urgent High Medium Low in English', () => {
    const all = ['urgent', 'high', 'medium', 'low'] as const;
    const zh = i18n.getFixedT('zh-CN');
    expect(all.map((p) => priorityLabel(p, zh))).toEqual(['紧急', '高', '中', '低']);
    const tw = i18n.getFixedT('zh-TW');
    expect(all.map((p) => priorityLabel(p, tw))).toEqual(['緊急', '高', '中', '低']);
    const en = i18n.getFixedT('en');
    expect(all.map((p) => priorityLabel(p, en))).toEqual(['Urgent', 'High', 'Medium', 'Low']);
  });

  it('names every status', () => {
    const en = i18n.getFixedT('en');
    expect(
      (['new', 'acknowledged', 'responded', 'closed'] as const).map((s) => statusLabel(s, en)),
    ).toEqual(['New', 'Acknowledged', 'Responded', 'Closed']);
    const zh = i18n.getFixedT('zh-CN');
    expect(statusLabel('responded', zh)).toBe('已回复');
  });

  it('titles the desktop notification 新客户消息 in Simplified Chinese', () => {
    expect(i18n.getFixedT('zh-CN')('notifications.desktopTitle')).toBe('新客户消息');
    expect(i18n.getFixedT('en')('notifications.desktopTitle')).toBe('New customer message');
  });

  it('writes relative times in the interface language', () => {
    const now = Date.UTC(2026, 3, 15, 12, 0, 0);
    const en = i18n.getFixedT('en');
    expect(relativeTimeText(new Date(now - 10_000).toISOString(), 'en', en, now)).toBe('just now');
    expect(relativeTimeText(new Date(now - 5 * 60_000).toISOString(), 'en', en, now)).toMatch(
      /^5 min.* ago$/,
    );
    expect(relativeTimeText(new Date(now - 3 * 3600_000).toISOString(), 'en', en, now)).toMatch(
      /^3 h.* ago$/,
    );
    const zh = i18n.getFixedT('zh-CN');
    expect(relativeTimeText(new Date(now - 10_000).toISOString(), 'zh-CN', zh, now)).toBe('刚刚');
  });
});
