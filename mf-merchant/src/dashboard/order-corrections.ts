import type { OrderHistoryEntry, TrackingEntry, TrackingEntryEdit } from '@onvelope/contracts';
import { canShip } from '../shared/display-format.js';

/** The fields of the order edit dialog, in the order it shows them. */
export const editableFields = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['email', 'Email'],
  ['postcode', 'Postcode/Zipcode'],
  ['shippingAddress1', 'Address 1'],
  ['shippingAddress2', 'Address 2'],
  ['shippingCity', 'City'],
  ['shippingState', 'State'],
  ['shippingZip', 'Zip'],
  ['shippingCountry', 'Country'],
  ['items', 'Items'],
  ['personalNote', 'Notes'],
] as const satisfies readonly (readonly [keyof TrackingEntryEdit, string])[];

type EditableField = (typeof editableFields)[number][0];
export type OrderEditForm = Record<EditableField, string>;

export const orderCorrectionMessages = {
  noChanges: 'Nothing to save: no field was changed',
  unshipFailed: 'Failed to mark the order as unshipped',
  deleteFailed: 'Failed to delete the order',
  historyFailed: 'The history could not be loaded',
} as const;

/** The edit form of an order: its stored values, empty where it has none. */
export const editFormOf = (entry: TrackingEntry): OrderEditForm =>
  Object.fromEntries(editableFields.map(([field]) => [field, entry[field] ?? ''])) as OrderEditForm;

/** The edit request: only the fields the seller changed (trimmed), blank sent as cleared. */
export function editInputOf(form: OrderEditForm, entry: TrackingEntry): TrackingEntryEdit {
  const edit: TrackingEntryEdit = {};
  for (const [field] of editableFields) {
    const value = form[field].trim();
    if (value !== (entry[field] ?? '').trim()) edit[field] = value || null;
  }
  return edit;
}

/** A shipped order the seller may correct the tracking of (the ship dialog's correction mode). */
export const canCorrectTracking = (entry: Pick<TrackingEntry, 'status' | 'statusRule'>) =>
  !canShip(entry) && entry.status !== 'delivered';

/** An order that says it was sent, which the seller may mark back to unshipped. */
export const canUnship = (entry: Pick<TrackingEntry, 'status'>) =>
  ['shipped', 'partially_shipped', 'delivered'].includes(entry.status);

const fieldLabels: Record<string, string> = {
  ...Object.fromEntries(editableFields),
  status: 'Status',
  courier: 'Courier',
  trackingNumber: 'Tracking number',
  trackingUrl: 'Tracking URL',
  keywordMessage: 'Message',
};

const actorLabels: Record<OrderHistoryEntry['by'], string> = {
  seller: 'You',
  rule: 'A keyword rule',
  import: 'A CSV import',
  sync: 'The store-front sync',
  carrier: 'The carrier',
};

/** One line of a history entry: "Courier: DPD → DHL". */
export const historyChangeText = (change: OrderHistoryEntry['changes'][number]) =>
  `${fieldLabels[change.field] ?? change.field}: ${change.from ?? '—'} → ${change.to ?? '—'}`;

export const historyActorText = (entry: OrderHistoryEntry) => actorLabels[entry.by];
