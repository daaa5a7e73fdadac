// @vitest-environment jsdom
import { defaultDeliveryEstimateRule, deliveryEstimateMessages } from '@onvelope/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeliveryEstimatesTab } from './DeliveryEstimatesTab.js';

/** The rules the tab sent to be saved. */
let sent: unknown[] = [];

// svc-orders stands behind the API client's fetch: the defaults (never saved), and a rule saved as
// it is sent.
beforeEach(() => {
  sent = [];
  Element.prototype.scrollIntoView = () => {};
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    if (init.method !== 'PUT')
      return Response.json({ rule: defaultDeliveryEstimateRule, saved: false });
    const rule: unknown = JSON.parse(String(init.body));
    sent.push(rule);
    return Response.json({ rule, saved: true });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const errorOf = (testId: string) => screen.queryByTestId(`${testId}-error`)?.textContent;
/** The message under a lane's country. */
const countryErrorOf = (lane: number) =>
  within(screen.getAllByTestId('estimate-lane')[lane]!).queryByRole('alert')?.textContent;

async function openTab(saved: string[] = []) {
  const user = userEvent.setup();
  render(<DeliveryEstimatesTab onSaved={(text) => saved.push(text)} onFailed={() => {}} />);
  await screen.findByTestId('delivery-estimates-form');
  return user;
}

describe('the delivery estimates form', () => {
  it('shows the loaded rule, and refuses what the contract refuses at each field and lane', async () => {
    const user = await openTab();
    expect(screen.getByTestId<HTMLInputElement>('estimate-processing-days').value).toBe('1');
    const international = screen.getByTestId('estimate-international-days');
    await user.clear(international);
    await user.type(international, 'x');
    await user.click(screen.getByTestId('estimate-add-lane'));
    await user.click(screen.getByTestId('estimate-save'));

    expect(errorOf('estimate-international-days')).toBe(deliveryEstimateMessages.days);
    expect(errorOf('estimate-processing-days')).toBeUndefined();
    expect(countryErrorOf(0)).toBe(deliveryEstimateMessages.country);
    expect(errorOf('estimate-lane-days-0')).toBe(deliveryEstimateMessages.days);
    expect(document.activeElement).toBe(international);

    await user.selectOptions(screen.getByTestId('estimate-lane-country-0'), 'US');
    expect(countryErrorOf(0)).toBeUndefined();
    expect(errorOf('estimate-international-days')).toBe(deliveryEstimateMessages.days);
    expect(sent).toEqual([]);
  });

  it('says at the repeated lane that a country and carrier have one transit time', async () => {
    const user = await openTab();
    for (const lane of [0, 1]) {
      await user.click(screen.getByTestId('estimate-add-lane'));
      await user.selectOptions(screen.getByTestId(`estimate-lane-country-${lane}`), 'US');
      await user.type(screen.getByTestId(`estimate-lane-days-${lane}`), '4');
    }
    await user.click(screen.getByTestId('estimate-save'));

    expect(countryErrorOf(0)).toBeUndefined();
    expect(countryErrorOf(1)).toBe(deliveryEstimateMessages.duplicateLane);
    expect(sent).toEqual([]);
  });

  it('sends the rule as numbers, a lane trimmed, and shows what was saved', async () => {
    const saved: string[] = [];
    const user = await openTab(saved);
    const processing = screen.getByTestId('estimate-processing-days');
    await user.clear(processing);
    await user.type(processing, ' 3 ');
    await user.click(screen.getByTestId('estimate-add-lane'));
    await user.selectOptions(screen.getByTestId('estimate-lane-country-0'), 'US');
    await user.type(screen.getByTestId('estimate-lane-carrier-0'), ' USPS ');
    await user.type(screen.getByTestId('estimate-lane-days-0'), '5');
    await user.click(screen.getByTestId('estimate-save'));

    await waitFor(() => expect(saved).toEqual(['Delivery estimates saved']));
    expect(sent).toEqual([
      {
        processingDays: 3,
        domesticTransitDays: 3,
        internationalTransitDays: 10,
        lanes: [{ country: 'US', carrier: 'USPS', transitDays: 5 }],
      },
    ]);
    expect(screen.getByTestId<HTMLInputElement>('estimate-lane-carrier-0').value).toBe('USPS');
  });
});
