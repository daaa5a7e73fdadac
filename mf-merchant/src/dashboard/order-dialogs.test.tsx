// @vitest-environment jsdom
import { orderEditMessages } from '@onvelope/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditOrderDialog } from './EditOrderDialog.js';
import { ShipDialog } from './ShipDialog.js';
import { trackingEntryOf } from './tracking-entry.fixture.js';

/** The requests the dialogs sent: method, path and body. */
let sent: { method: string; path: string; body: unknown }[] = [];

// svc-orders stands behind the API client's fetch: it takes every request and answers with the
// order as changed. jsdom has <dialog> but not its modal methods: opening marks it open.
beforeEach(() => {
  sent = [];
  Element.prototype.scrollIntoView = () => {};
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body: unknown = JSON.parse(String(init.body));
    sent.push({ method: String(init.method), path: new URL(url, 'http://x').pathname, body });
    return Response.json({ message: 'Order updated', entry, bigCartelUpdated: false });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

afterEach(cleanup);

const entry = trackingEntryOf('A-1001');
const errorOf = (testId: string) => screen.queryByTestId(`${testId}-error`)?.textContent;

describe('the mark-as-shipped dialog', () => {
  const open = (done: string[]) =>
    render(
      <ShipDialog
        entry={entry}
        mode="ship"
        onShipped={(toast) => done.push(toast)}
        onFailed={(toast) => done.push(toast)}
        onClose={() => {}}
      />,
    );

  it("refuses a blank number and courier and a link that is not one, in the contract's words", async () => {
    const user = userEvent.setup();
    open([]);
    await user.type(screen.getByTestId('ship-tracking-url'), 'track me');
    await user.click(screen.getByTestId('ship-submit'));

    expect(errorOf('ship-tracking-number')).toBe('Tracking number is required');
    expect(errorOf('ship-courier')).toBe('Courier is required');
    expect(errorOf('ship-tracking-url')).toBe(
      'Tracking URL must be a web address (http:// or https://)',
    );
    expect(document.activeElement).toBe(screen.getByTestId('ship-tracking-number'));

    await user.type(screen.getByTestId('ship-tracking-number'), 'RM1');
    expect(errorOf('ship-tracking-number')).toBeUndefined();
    expect(errorOf('ship-courier')).toBe('Courier is required');
    expect(sent).toEqual([]);
  });

  it('sends the shipment trimmed, an empty link left for the service to make', async () => {
    const user = userEvent.setup();
    const done: string[] = [];
    open(done);
    await user.type(screen.getByTestId('ship-tracking-number'), ' RM123 ');
    await user.type(screen.getByTestId('ship-courier'), 'Royal Mail ');
    await user.click(screen.getByTestId('ship-submit'));

    await waitFor(() => expect(done).toEqual(['Order A-1001 marked as shipped successfully!']));
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/api/bigcartel/orders/A-1001/shipped',
        body: { trackingNumber: 'RM123', courier: 'Royal Mail', trackingUrl: '' },
      },
    ]);
  });
});

describe('the edit-order dialog', () => {
  const open = (saved: string[]) =>
    render(
      <EditOrderDialog
        entry={entry}
        onSaved={(message) => saved.push(message)}
        onClose={() => {}}
      />,
    );

  it('says so when nothing was changed, and checks only the fields that were', async () => {
    const user = userEvent.setup();
    open([]);
    await user.click(screen.getByTestId('edit-order-save'));
    expect(screen.getByTestId('edit-order-info').textContent).toBe(
      'Nothing to save: no field was changed',
    );

    const email = screen.getByTestId('edit-order-email');
    await user.clear(email);
    await user.type(email, 'not an address');
    await user.click(screen.getByTestId('edit-order-save'));
    expect(errorOf('edit-order-email')).toBe(orderEditMessages.emailInvalid);
    expect(errorOf('edit-order-firstName')).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it('sends only the changed fields, trimmed, a cleared one as null', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    open(saved);
    await user.clear(screen.getByTestId('edit-order-email'));
    await user.type(screen.getByTestId('edit-order-shippingCity'), ' Leeds ');
    await user.click(screen.getByTestId('edit-order-save'));

    await waitFor(() => expect(saved).toEqual(['Order updated']));
    expect(sent).toEqual([
      {
        method: 'PATCH',
        path: '/api/upload/tracking-entries/A-1001',
        body: { email: null, shippingCity: 'Leeds' },
      },
    ]);
  });
});
