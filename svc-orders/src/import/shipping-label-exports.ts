import { normaliseCourier } from '../domain/carriers.js';
import type { ExportRowRule, StoreExportWithRule } from './export-row-rules.js';

/*
 * Exports of shipping-label services (issue 39): files that add tracking numbers to orders the
 * seller already has. A row names its order by the reference of the channel it came from; the
 * order gets the carrier, the tracking number, the shipped status and the despatch date, and
 * nothing else of it changes (the label's recipient and address are the label's, not new buyer
 * details). A row whose order the seller does not have fails and creates nothing. Where the
 * layouts come from: test/fixtures/exports/SOURCES.md.
 */

/** Why a row of a shipping-label export changed nothing: the seller has no such order. */
const noOrderToTrack = (orderNumber: string) => `No order ${orderNumber} to add tracking to`;

/**
 * A label's row as a tracking update for `carrier`: the carrier its service names
 * ('Royal Mail Tracked 48' is Royal Mail, a Parcelforce service Parcelforce), else `carrier`,
 * once it has a tracking number; never a new order.
 */
const trackingUpdateBy =
  (carrier: string): ExportRowRule =>
  (row) => {
    const { entry } = row;
    const noBuyer = noOrderToTrack(entry.orderNumber);
    // A label not yet made: its service is no carrier the order was sent with.
    if (!entry.trackingNumber) return { ...row, noBuyer, entry: { ...entry, courier: null } };
    const courier = normaliseCourier(entry.courier) ?? carrier;
    const filledWithoutColumn = [...(entry.filledWithoutColumn ?? []), 'courier' as const];
    return { ...row, noBuyer, entry: { ...entry, courier, filledWithoutColumn } };
  };

/**
 * Royal Mail Click & Drop's orders export: an order per row, the channel's order number in
 * 'Channel reference', the label's 'Tracking number', its service ('Royal Mail Tracked 48') and
 * its 'Despatch date' (day first, as in the UK). A row with a tracking number is shipped; one
 * without (a label not yet made) changes nothing. Its name is the answer's first words.
 */
const clickAndDropExport: StoreExportWithRule = {
  name: 'Royal Mail Click & Drop export (tracking numbers added to your orders)',
  signature: ['channelreference', 'trackingnumber'],
  columns: {
    channelreference: 'orderNumber',
    trackingnumber: 'trackingNumber',
    shippingservice: 'courier',
    service: 'courier',
    postageservice: 'courier',
    despatchdate: 'shippedAt',
    despatchedon: 'shippedAt',
    despatcheddate: 'shippedAt',
    dispatchdate: 'shippedAt',
  },
  lineRows: false,
  statusOf: (values) => (values.trackingNumber?.trim() ? 'shipped' : null),
  readRow: trackingUpdateBy('Royal Mail'),
};

export const shippingLabelExports: readonly StoreExportWithRule[] = [clickAndDropExport];
