import { describe, expect, it } from 'vitest';
import { defaultDeliveryEstimateRule, deliveryEstimateMessages } from '@onvelope/contracts';
import { emptyLane, formOf, ruleOf } from './estimate-form.js';

describe('the delivery estimate form', () => {
  it('gives back the rule it was filled from', () => {
    const rule = {
      ...defaultDeliveryEstimateRule,
      lanes: [{ country: 'US', carrier: 'DHL', transitDays: 6 }],
    };
    expect(ruleOf(formOf(rule))).toEqual({ rule });
  });

  it('reads a blank carrier as any carrier and trims what was typed', () => {
    const form = formOf(defaultDeliveryEstimateRule);
    form.lanes.push({ ...emptyLane(), country: 'FR', carrier: '  ', transitDays: ' 4 ' });
    expect(ruleOf(form)).toMatchObject({
      rule: { lanes: [{ country: 'FR', carrier: null, transitDays: 4 }] },
    });
  });

  it("names each wrong field in the contract's words", () => {
    const form = formOf(defaultDeliveryEstimateRule);
    form.processingDays = '1.5';
    form.domesticTransitDays = '';
    form.internationalTransitDays = '91';
    form.lanes.push(
      { ...emptyLane(), country: '', transitDays: '3' },
      { ...emptyLane(), country: 'US', carrier: 'dhl', transitDays: 'x' },
      { ...emptyLane(), country: 'US', carrier: 'DHL', transitDays: '2' },
    );
    expect(ruleOf(form)).toEqual({
      errors: {
        processingDays: deliveryEstimateMessages.processingDays,
        domesticTransitDays: deliveryEstimateMessages.days,
        internationalTransitDays: deliveryEstimateMessages.days,
        'lanes.0.country': deliveryEstimateMessages.country,
        'lanes.1.transitDays': deliveryEstimateMessages.days,
        'lanes.2.country': deliveryEstimateMessages.duplicateLane,
      },
    });
  });
});
