// @vitest-environment jsdom
import type { WebhookDeliveryView } from '@onvelope/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebhookDeliveryLog } from './WebhookDeliveryLog.js';

/** What notify answers the log, by request; the calls the page made, in order. */
let deliveries: WebhookDeliveryView[] = [];
let afterReplay: WebhookDeliveryView[] = [];
let calls: string[] = [];

// The service stands behind the API client's fetch: the log's two calls answered as notify does.
beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push(`${init.method} ${url}`);
    if (init.method === 'POST') {
      deliveries = afterReplay;
      return Response.json({ success: true }, { status: 202 });
    }
    return Response.json({ success: true, deliveries });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const delivery = (id: string, change: Partial<WebhookDeliveryView>): WebhookDeliveryView => ({
  id,
  eventId: `msg_${id}`,
  eventType: 'order.shipped',
  state: 'succeeded',
  reason: null,
  attempts: 1,
  nextAttemptAt: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  attemptLog: [],
  ...change,
});

const attempt = (statusCode: number | null, error: string | null, bodyExcerpt: string | null) => ({
  at: '2026-11-28T10:00:01.000Z',
  statusCode,
  latencyMs: 84,
  bodyExcerpt,
  error,
});

describe("an endpoint's delivery log", () => {
  it("lists each delivery's event, outcome, tries, answer, latency and body or error", async () => {
    deliveries = [
      delivery('d2', {
        eventType: 'order.delivered',
        state: 'failed',
        attempts: 8,
        attemptLog: [attempt(null, 'connect ECONNREFUSED', null)],
      }),
      delivery('d1', { attemptLog: [attempt(200, null, '{"ok":true}')] }),
    ];
    render(<WebhookDeliveryLog endpointId="ep1" onSaved={() => {}} onFailed={() => {}} />);
    const table = await screen.findByRole('table');
    expect(calls).toEqual(['GET /api/notify/webhooks/ep1/deliveries']);
    const [, failed, succeeded] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((cell) => cell.textContent);
    expect(cells(failed!)).toEqual([
      'order.delivered',
      'Failed',
      '8',
      '—',
      '84 ms',
      'connect ECONNREFUSED',
    ]);
    expect(cells(succeeded!)).toEqual([
      'order.shipped',
      'Succeeded',
      '1',
      '200',
      '84 ms',
      '{"ok":true}',
    ]);
  });

  it('says so when nothing was delivered yet', async () => {
    deliveries = [];
    render(<WebhookDeliveryLog endpointId="ep1" onSaved={() => {}} onFailed={() => {}} />);
    expect(await screen.findByText('No deliveries yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('sends a delivery again on Replay, says so and shows the log as it is now', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    deliveries = [delivery('d1', { state: 'failed', attemptLog: [attempt(500, null, 'oops')] })];
    render(
      <WebhookDeliveryLog
        endpointId="ep1"
        onSaved={(text) => saved.push(text)}
        onFailed={() => {}}
      />,
    );
    afterReplay = [delivery('d1', { attempts: 2, attemptLog: [attempt(204, null, null)] })];
    await user.click(await screen.findByRole('button', { name: 'Replay' }));
    expect(await screen.findByText('204')).toBeTruthy();
    expect(saved).toEqual(['Delivery sent again']);
    expect(calls).toEqual([
      'GET /api/notify/webhooks/ep1/deliveries',
      'POST /api/notify/webhooks/ep1/deliveries/d1/replay',
      'GET /api/notify/webhooks/ep1/deliveries',
    ]);
  });
});
