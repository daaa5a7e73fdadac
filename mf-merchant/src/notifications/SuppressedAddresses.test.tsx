// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SuppressedAddresses, suppressionTexts } from './SuppressedAddresses.js';

/** The bodies of the lift calls the list sent. */
let lifts: unknown[] = [];

// svc-notify stands behind the API client's fetch: one complaint and one refusal suppressed, and
// every lift taken.
beforeEach(() => {
  lifts = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url.endsWith('/api/notify/suppressions/lift')) {
      const body = JSON.parse(String(init.body)) as { email: string };
      lifts.push(body);
      return Response.json({ success: true, lifted: { email: body.email, reason: 'complaint' } });
    }
    return Response.json({
      success: true,
      suppressions: [
        {
          email: 'spam@buyer.example',
          reason: 'complaint',
          detail: 'Yahoo!-Mail-Feedback/2.0',
          createdAt: '2026-11-20T10:00:00.000Z',
        },
        {
          email: 'gone@buyer.example',
          reason: 'refused',
          detail: '5.1.1 user unknown',
          createdAt: '2026-11-19T10:00:00.000Z',
        },
      ],
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rowOf = async (email: string) =>
  (await screen.findAllByTestId('notify-suppression')).find(
    (row) => row.getAttribute('data-email') === email,
  )!;

describe('the suppressed addresses', () => {
  it("lifts a buyer's spam complaint only once the seller states the buyer asked", async () => {
    const user = userEvent.setup();
    render(<SuppressedAddresses onFailed={() => {}} />);
    const row = await rowOf('spam@buyer.example');
    expect(row.textContent).toContain('Marked your message as spam');

    await user.click(row.querySelector('button')!);
    expect(screen.getByTestId('notify-lift-confirm').textContent).toContain(
      suppressionTexts.complaintWhy,
    );
    const submit = screen.getByTestId('notify-lift-submit');
    expect(submit).toHaveProperty('disabled', true);
    await user.click(screen.getByTestId('notify-lift-buyer-asked'));
    await user.click(submit);

    await waitFor(() =>
      expect(screen.getByTestId('notify-lift-result').textContent).toBe(
        suppressionTexts.lifted('spam@buyer.example'),
      ),
    );
    expect(lifts).toEqual([{ email: 'spam@buyer.example', buyerAsked: true }]);
  });

  it('lifts a refusal at once, without asking about the buyer', async () => {
    const user = userEvent.setup();
    render(<SuppressedAddresses onFailed={() => {}} />);
    const row = await rowOf('gone@buyer.example');
    await user.click(row.querySelector('button')!);
    expect(screen.queryByTestId('notify-lift-buyer-asked')).toBeNull();
    await user.click(screen.getByTestId('notify-lift-submit'));

    await waitFor(() => expect(lifts).toEqual([{ email: 'gone@buyer.example' }]));
  });
});
