import { describe, expect, it } from 'vitest';
import { isCancelledStatus, isPartialStatus } from './export-statuses.js';

describe('isCancelledStatus', () => {
  it.each(['cancelled', 'canceled', 'refunded', 'voided', 'failed', 'storniert', 'wc-cancelled'])(
    '%s is cancelled',
    (status) => expect(isCancelledStatus(status)).toBe(true),
  );
  it.each(['partially_refunded', 'partially refunded', 'paid', 'fulfilled', 'versandt'])(
    '%s is not',
    (status) => expect(isCancelledStatus(status)).toBe(false),
  );
  it('tells a partial status', () => {
    expect(isPartialStatus('partially fulfilled')).toBe(true);
    expect(isPartialStatus('teilweise versandt')).toBe(true);
    expect(isPartialStatus('fulfilled')).toBe(false);
  });
});
