import { randomUUID } from 'node:crypto';
import type { PayloadOf, trackingEntryUpserted } from '@onvelope/contracts';

export type EntryChange = PayloadOf<typeof trackingEntryUpserted>['changes'][number];

/**
 * A change of a new pending CSV order as svc-orders publishes it, with a fresh entry id, nothing
 * known of its date, country or total, and `fields` on top.
 *
 * @example
 * await publishEvent(nc, trackingEntryUpserted, { accountId, changes: [pendingEntryChange({ orderNumber: '1001' })] }, id);
 */
export const pendingEntryChange = (
  fields: Partial<EntryChange> & Pick<EntryChange, 'orderNumber'>,
): EntryChange => ({
  entryId: randomUUID(),
  status: 'pending',
  source: 'csv',
  orderDate: null,
  shippingCountry: null,
  itemTotal: null,
  version: 1,
  changedAt: new Date().toISOString(),
  ...fields,
});
