// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebhooksTab } from './WebhooksTab.js';

/** The bodies the tab sent to add an endpoint. */
let added: unknown[] = [];

// svc-notify stands behind the API client's fetch: no endpoints yet, and one made from what is sent.
beforeEach(() => {
  added = [];
  Element.prototype.scrollIntoView = () => {};
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    if (init.method !== 'POST') return Response.json({ success: true, endpoints: [] });
    const body = JSON.parse(String(init.body)) as { url: string; events: string[] };
    added.push(body);
    const endpoint = {
      id: 'ep1',
      url: body.url,
      description: null,
      events: body.events,
      state: 'enabled',
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
      createdAt: '2026-11-28T10:00:00.000Z',
    };
    return Response.json({ success: true, endpoint, secret: 'whsec_abc' }, { status: 201 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const errorOf = (testId: string) => screen.queryByTestId(`${testId}-error`)?.textContent;

describe('the add-endpoint form', () => {
  it("refuses a missing URL and no events in the contract's words, each at its field", async () => {
    const user = userEvent.setup();
    render(<WebhooksTab onSaved={() => {}} onFailed={() => {}} />);
    await screen.findByText('No webhook endpoints yet.');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(errorOf('webhook-url')).toBe('The URL is required');
    expect(errorOf('webhook-events')).toBe('Pick at least one event');
    expect(document.activeElement).toBe(screen.getByTestId('webhook-url'));

    await user.click(screen.getByRole('checkbox', { name: 'Order shipped' }));
    expect(errorOf('webhook-events')).toBeUndefined();
    expect(errorOf('webhook-url')).toBe('The URL is required');
    expect(added).toEqual([]);
  });

  it('sends the URL and the events picked, leaving out a blank description, and starts again', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    render(<WebhooksTab onSaved={(text) => saved.push(text)} onFailed={() => {}} />);
    await screen.findByText('No webhook endpoints yet.');
    const url = screen.getByRole<HTMLInputElement>('textbox', { name: 'Endpoint URL' });
    await user.type(url, ' https://example.com/h ');
    await user.type(screen.getByRole('textbox', { name: 'Description (optional)' }), ' ');
    await user.click(screen.getByRole('checkbox', { name: 'Order shipped' }));
    await user.click(screen.getByRole('checkbox', { name: 'Order created' }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));

    await expect.poll(() => saved).toEqual(['Webhook endpoint added']);
    expect(added).toEqual([
      { url: 'https://example.com/h', events: ['order.created', 'order.shipped'] },
    ]);
    expect(url.value).toBe('');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Order shipped' }).checked).toBe(
      false,
    );
  });
});
