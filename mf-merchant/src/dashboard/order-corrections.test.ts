import { describe, expect, it } from 'vitest';
import type { TrackingEntry } from '@onvelope/contracts';
import {
  canCorrectTracking,
  canUnship,
  editFormOf,
  editInputOf,
  historyChangeText,
} from './order-corrections.js';

const entry = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  postcode: null,
  shippingAddress1: null,
  shippingAddress2: null,
  shippingCity: null,
  shippingState: null,
  shippingZip: null,
  shippingCountry: null,
  items: 'Tee',
  personalNote: null,
  status: 'shipped',
  statusRule: null,
} as unknown as TrackingEntry;

describe('order edit form', () => {
  it('sends only the changed fields, a blank one as cleared', () => {
    const form = { ...editFormOf(entry), lastName: ' Byron ', items: '', shippingCity: 'London' };
    expect(editInputOf(form, entry)).toEqual({
      lastName: 'Byron',
      items: null,
      shippingCity: 'London',
    });
    expect(editInputOf(editFormOf(entry), entry)).toEqual({});
  });
});

describe('order actions', () => {
  it('corrects and unships shipped orders only', () => {
    expect(canCorrectTracking(entry)).toBe(true);
    expect(canCorrectTracking({ status: 'pending', statusRule: null })).toBe(false);
    expect(canCorrectTracking({ status: 'shipped', statusRule: { id: 'r', keyword: 'k' } })).toBe(
      false,
    );
    expect(canUnship({ status: 'delivered' })).toBe(true);
    expect(canUnship({ status: 'processing' })).toBe(false);
  });

  it('writes a history change as a line', () => {
    expect(historyChangeText({ field: 'courier', from: 'DPD', to: null })).toBe('Courier: DPD → —');
  });
});
