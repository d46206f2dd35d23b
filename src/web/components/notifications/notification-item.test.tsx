import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '#web/i18n/index.ts';
import type { CustomerNotification, NotificationPriority } from '#web/lib/notifications/types.ts';
import { installBrowserStubs, renderWithApp } from '#web/test/render.tsx';
import { NotificationItem } from './notification-item.tsx';

/* The bell shows the lead's priority of the sales pipeline, urgent included. */

const language = i18n.language;
beforeEach(() => installBrowserStubs());
afterEach(() => cleanup());
afterAll(() => i18n.changeLanguage(language));

function entry(priority: NotificationPriority): CustomerNotification {
  return {
    id: 11,
    kind: 'message',
    customerId: 5,
    customerName: 'Anna Schmidt',
    customerLocation: 'Germany',
    businessCardId: 3,
    priority,
    status: 'new',
    createdAt: '2026-04-15T09:00:00.000Z',
    message: 'What is the MOQ?',
    customerInfo: { company: 'Schmidt GmbH', phone: null },
    unreadCount: 1,
    messageCount: 1,
  };
}

function badgeOf(priority: NotificationPriority): HTMLElement {
  renderWithApp(
    <ul>
      <NotificationItem
        notification={entry(priority)}
        now={Date.parse('2026-04-15T09:01:00.000Z')}
        onAcknowledge={() => {}}
        onNavigate={() => {}}
      />
    </ul>,
  );
  const badge = screen.getByTestId('notification-priority');
  cleanup();
  return badge;
}

describe('the priority badge of a notification', () => {
  it.each([
    ['en', 'Urgent', 'Priority'],
    ['zh-CN', '紧急', '优先级'],
    ['zh-TW', '緊急', '優先級'],
  ])('labels an urgent lead in %s and names it for screen readers', async (lng, label, prefix) => {
    await i18n.changeLanguage(lng);
    const badge = badgeOf('urgent');
    expect(badge.textContent).toBe(`${prefix}: ${label}`);
  });

  it('gives urgent its own colour, the strongest, as on the lead cards', async () => {
    await i18n.changeLanguage('en');
    const classes = (['urgent', 'high', 'medium', 'low'] as const).map(
      (priority) => badgeOf(priority).className,
    );
    expect(classes[0]).toContain('bg-red-100');
    expect(classes[0]).toContain('text-red-800');
    expect(new Set(classes).size).toBe(4);
  });
});
