import { describe, expect, it } from 'vitest';
import { safeCell } from './exports.ts';
import { parsePaperCard } from './paper-card.ts';
import { deriveLead, findSignals } from './scoring.ts';

describe('paper card parser', () => {
  it('reads an English card as OCR gives it', () => {
    const text = [
      'NINGBO AQUALUX PUMP CO., LTD.',
      'John Smith',
      'Export Sales Manager',
      'Tel: +86 574 8765 4321   Fax: +86 574 8765 4300',
      'Mobile: +86 138 1234 5678',
      'E-mail: john.smith @ aqualux-pumps.com',
      'www.aqualux-pumps.com',
      'No. 88 Binhai Road, Beilun District, Ningbo',
    ].join('\n');
    expect(parsePaperCard(text)).toEqual({
      name: 'John Smith',
      company: 'NINGBO AQUALUX PUMP CO., LTD.',
      email: 'john.smith@aqualux-pumps.com',
      phone: '+86 138 1234 5678',
      jobTitle: 'Export Sales Manager',
      website: 'www.aqualux-pumps.com',
      address: 'No. 88 Binhai Road, Beilun District, Ningbo',
    });
  });

  it('reads a Chinese card, Simplified and Traditional, with OCR spaces', () => {
    const simplified = [
      '深圳市海川泵业有限公司',
      '张 伟',
      '销售经理',
      '手机：139 2345 6789',
      '邮箱：zhangwei@haichuan.cn',
      '地址：深圳市宝安区福永街道',
    ].join('\n');
    expect(parsePaperCard(simplified)).toMatchObject({
      name: '张伟',
      company: '深圳市海川泵业有限公司',
      jobTitle: '销售经理',
      phone: '139 2345 6789',
      email: 'zhangwei@haichuan.cn',
    });
    const traditional = [
      '台灣精密機械股份有限公司',
      '陳美玲 業務經理',
      '電話：+886 2 2345 6789',
      'www.twprecision.com.tw',
    ].join('\n');
    expect(parsePaperCard(traditional)).toMatchObject({
      name: '陳美玲',
      company: '台灣精密機械股份有限公司',
      jobTitle: '業務經理',
      phone: '+886 2 2345 6789',
      website: 'www.twprecision.com.tw',
    });
  });
});

describe('scoring', () => {
  it('finds each signal once, in English and Chinese', () => {
    const hits = findSignals(['What is your MOQ?', '报价单和交期？', 'moq again', '能寄樣品嗎']);
    expect(hits.map((h) => h.signal).sort()).toEqual(['delivery', 'moq', 'quotation', 'sample']);
    expect(findSignals(['I like your prices']).map((h) => h.signal)).toEqual(['price']);
    // Words inside other words do not count.
    expect(findSignals(['the priceless view', 'foblike'])).toEqual([]);
  });

  it('follows the message-count table and the owner threshold', () => {
    const five = { highPriorityAfterMessages: 5 };
    const reachable = { reachable: true };
    expect(deriveLead(0, [], five, reachable)).toMatchObject({
      stage: 'visitor',
      priority: 'low',
      engagementScore: 10,
    });
    expect(deriveLead(2, [], five, reachable)).toMatchObject({
      stage: 'engaged',
      priority: 'medium',
      engagementScore: 25,
    });
    expect(deriveLead(5, [], five, reachable)).toMatchObject({
      stage: 'interested',
      priority: 'high',
      engagementScore: 60,
    });
    expect(deriveLead(6, [], five, reachable)).toMatchObject({
      stage: 'qualified',
      priority: 'urgent',
      engagementScore: 85,
    });
    expect(deriveLead(4, [], { highPriorityAfterMessages: 3 }, reachable).priority).toBe('urgent');
    expect(deriveLead(1, ['lead_form', 'quotation'], five, reachable).stage).toBe('qualified');
  });

  it('never qualifies a lead nobody can reach', () => {
    const five = { highPriorityAfterMessages: 5 };
    const unreachable = { reachable: false };
    expect(deriveLead(12, ['quotation', 'sample', 'moq'], five, unreachable)).toMatchObject({
      stage: 'interested',
      priority: 'urgent',
    });
    expect(deriveLead(1, ['quotation', 'moq'], five, unreachable).stage).toBe('interested');
  });
});

describe('exports', () => {
  it('neutralises formulas', () => {
    expect(safeCell('=1+1')).toBe("'=1+1");
    expect(safeCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(safeCell('\tx')).toBe("'\tx");
    expect(safeCell('plain')).toBe('plain');
  });
});
