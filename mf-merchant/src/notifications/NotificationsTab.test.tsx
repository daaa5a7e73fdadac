// @vitest-environment jsdom
import { defaultMilestoneSettings, type NotificationSettings } from '@onvelope/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultNotificationSettings } from './notification-settings.fixture.js';
import { NotificationsTab } from './NotificationsTab.js';

/** The settings the tab sent to be saved. */
let sent: unknown[] = [];

const settings = defaultNotificationSettings;

// svc-notify stands behind the API client's fetch: the defaults, no messages to the seller, no
// suppressed addresses, and settings saved as they are sent.
beforeEach(() => {
  sent = [];
  Element.prototype.scrollIntoView = () => {};
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url.endsWith('/api/notify/messages')) return Response.json({ success: true, messages: [] });
    if (url.endsWith('/api/notify/suppressions')) {
      return Response.json({ success: true, suppressions: [] });
    }
    if (init.method !== 'PUT') return Response.json({ success: true, settings });
    const body = JSON.parse(String(init.body)) as NotificationSettings;
    sent.push(body);
    return Response.json({ success: true, settings: body });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const errorOf = (testId: string) => screen.queryByTestId(`${testId}-error`)?.textContent;

async function openTab(saved: string[] = []) {
  const user = userEvent.setup();
  render(<NotificationsTab onSaved={(text) => saved.push(text)} onFailed={() => {}} />);
  await screen.findByTestId('notifications-form');
  return user;
}

describe('the notification settings form', () => {
  it('refuses what the contract refuses at each field, in its words, until it is corrected', async () => {
    const user = await openTab();
    const logo = screen.getByTestId('notify-logo-url');
    await user.type(logo, 'http://pip.example/logo.png');
    await user.type(screen.getByTestId('notify-accent-color'), 'red');
    await user.click(screen.getByTestId('notify-save'));

    expect(errorOf('notify-logo-url')).toBe('Logo URL must be an https:// address');
    expect(errorOf('notify-accent-color')).toBe('Accent colour must be #rrggbb');
    expect(errorOf('notify-sender-name')).toBeUndefined();
    expect(document.activeElement).toBe(logo);

    await user.clear(logo);
    await user.type(logo, 'https://pip.example/logo.png');
    expect(errorOf('notify-logo-url')).toBeUndefined();
    expect(errorOf('notify-accent-color')).toBe('Accent colour must be #rrggbb');
    expect(sent).toEqual([]);
  });

  it('sends the whole settings, a blank field as null and text trimmed', async () => {
    const saved: string[] = [];
    const user = await openTab(saved);
    await user.click(screen.getByTestId('notify-milestone-shipped'));
    await user.click(screen.getByTestId('notify-buyer-queries-daily_digest'));
    await user.type(screen.getByTestId('notify-sender-name'), '  Pip & Co ');
    await user.click(screen.getByTestId('notify-save'));

    await waitFor(() => expect(saved).toEqual(['Notification settings saved']));
    expect(sent).toEqual([
      {
        milestones: { ...defaultMilestoneSettings, shipped: false },
        senderName: 'Pip & Co',
        replyTo: null,
        logoUrl: null,
        accentColor: null,
        buyerQueries: 'daily_digest',
      },
    ]);
    expect(screen.getByTestId<HTMLInputElement>('notify-sender-name').value).toBe('Pip & Co');
  });
});
