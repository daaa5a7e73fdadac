import { describe, expect, it } from 'vitest';
import {
  defaultDeliveryEstimateRule,
  deliveryEstimateMessages,
  deliveryEstimateRule,
} from '@onvelope/contracts';
import { fieldErrorsOf } from '@onvelope/ui';
import { emptyLane, formOf, repeatedLaneOf, ruleOf } from './estimate-form.js';

/** What the form shows before sending: the contract's refusal of the rule it describes. */
const errorsOf = (form: ReturnType<typeof formOf>) =>
  fieldErrorsOf(deliveryEstimateRule, ruleOf(form));

describe('the delivery estimate form', () => {
  it('gives back the rule it was filled from', () => {
    const rule = {
      ...defaultDeliveryEstimateRule,
      lanes: [{ country: 'US', carrier: 'DHL', transitDays: 6 }],
    };
    expect(ruleOf(formOf(rule))).toEqual(rule);
    expect(errorsOf(formOf(rule))).toEqual({});
  });

  it('reads a blank carrier as any carrier and trims what was typed', () => {
    const form = formOf(defaultDeliveryEstimateRule);
    form.lanes.push({ ...emptyLane(), country: 'FR', carrier: '  ', transitDays: ' 4 ' });
    expect(ruleOf(form).lanes).toEqual([{ country: 'FR', carrier: null, transitDays: 4 }]);
    expect(errorsOf(form)).toEqual({});
  });

  it("names each wrong field in the contract's words, a lane's at its own field", () => {
    const form = formOf(defaultDeliveryEstimateRule);
    form.processingDays = '1.5';
    form.domesticTransitDays = '';
    form.internationalTransitDays = '91';
    form.lanes.push(
      { ...emptyLane(), country: '', transitDays: '3' },
      { ...emptyLane(), country: 'US', carrier: 'dhl', transitDays: 'x' },
    );
    expect(errorsOf(form)).toEqual({
      processingDays: deliveryEstimateMessages.processingDays,
      domesticTransitDays: deliveryEstimateMessages.days,
      internationalTransitDays: deliveryEstimateMessages.days,
      'lanes.0.country': deliveryEstimateMessages.country,
      'lanes.1.transitDays': deliveryEstimateMessages.days,
    });
  });

  it('finds the lane that repeats a country and carrier, whatever the case of the carrier', () => {
    const form = formOf(defaultDeliveryEstimateRule);
    form.lanes.push(
      { ...emptyLane(), country: 'US', carrier: 'dhl', transitDays: '3' },
      { ...emptyLane(), country: 'FR', carrier: '', transitDays: '3' },
      { ...emptyLane(), country: 'US', carrier: 'DHL ', transitDays: '2' },
    );
    expect(errorsOf(form)).toEqual({ lanes: deliveryEstimateMessages.duplicateLane });
    expect(repeatedLaneOf(form)).toBe(2);
    form.lanes[2]!.carrier = 'UPS';
    expect(repeatedLaneOf(form)).toBe(-1);
  });
});
