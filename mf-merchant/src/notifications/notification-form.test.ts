import { describe, expect, it } from 'vitest';
import { updateNotificationSettingsRequest } from '@onvelope/contracts';
import { fieldErrorsOf } from '@onvelope/ui';
import {
  defaultAccentColor,
  formOf,
  historyLine,
  isChanged,
  pickerColour,
  requestOf,
  sellerMessageLine,
  suppressionWhy,
} from './notification-form.js';
import { defaultNotificationSettings } from './notification-settings.fixture.js';

const defaults = defaultNotificationSettings;

describe('the notification settings form', () => {
  it('sends every milestone and clears the text fields left blank', () => {
    const form = formOf(defaults);
    form.milestones.delivered = true;
    expect(requestOf(form)).toEqual({
      milestones: { shipped: true, out_for_delivery: false, delivered: true, problem: true },
      senderName: null,
      replyTo: null,
      logoUrl: null,
      accentColor: null,
      buyerQueries: 'immediately',
    });
  });

  it('sends the seller’s choice for buyer queries', () => {
    const form = formOf({ ...defaults, buyerQueries: 'daily_digest' });
    expect(form.buyerQueries).toBe('daily_digest');
    expect(requestOf(form)).toMatchObject({ buyerQueries: 'daily_digest' });
    expect(isChanged(form, defaults)).toBe(true);
  });

  it('gives back the settings it was filled from, trimmed', () => {
    const form = formOf({
      ...defaults,
      senderName: 'Pip & Co',
      replyTo: 'hello@pip.example',
      logoUrl: 'https://pip.example/logo.png',
      accentColor: '#aa3300',
    });
    form.senderName = '  Pip & Co ';
    expect(requestOf(form)).toMatchObject({
      senderName: 'Pip & Co',
      replyTo: 'hello@pip.example',
      logoUrl: 'https://pip.example/logo.png',
      accentColor: '#aa3300',
    });
  });

  it("names each wrong field in the contract's words", () => {
    const form = formOf(defaults);
    form.senderName = 'x'.repeat(81);
    form.replyTo = 'not an address';
    form.logoUrl = 'http://pip.example/logo.png';
    form.accentColor = 'red';
    expect(fieldErrorsOf(updateNotificationSettingsRequest, requestOf(form))).toEqual({
      senderName: 'Sender name must be at most 80 characters',
      replyTo: 'Invalid email address',
      logoUrl: 'Logo URL must be an https:// address',
      accentColor: 'Accent colour must be #rrggbb',
    });
  });

  it('shows the default colour in the picker until a whole colour is typed', () => {
    expect(pickerColour('')).toBe(defaultAccentColor);
    expect(pickerColour('#12')).toBe(defaultAccentColor);
    expect(pickerColour(' #A0B1C2 ')).toBe('#a0b1c2');
  });

  it('knows when the form differs from what was saved', () => {
    const form = formOf(defaults);
    expect(isChanged(form, defaults)).toBe(false);
    form.accentColor = '#000000';
    expect(isChanged(form, defaults)).toBe(true);
  });
});

describe("an order's message history", () => {
  const record = {
    milestone: 'shipped' as const,
    state: 'sent' as const,
    reason: null,
    attempts: 1,
    lastError: null,
    bounce: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    sentAt: '2026-03-01T10:00:02.000Z',
  };

  it('dates a sent message by when it went, with no reason', () => {
    expect(historyLine(record)).toEqual({
      milestone: 'Shipped',
      state: 'Sent',
      at: '2026-03-01T10:00:02.000Z',
      why: null,
    });
  });

  it('says in plain words why a message was skipped', () => {
    expect(
      historyLine({ ...record, state: 'skipped', reason: 'milestone_turned_off', sentAt: null }),
    ).toEqual({
      milestone: 'Shipped',
      state: 'Skipped',
      at: '2026-03-01T10:00:00.000Z',
      why: 'This message was turned off in your notification settings.',
    });
  });

  it("shows the mail server's last words while a message waits to be tried again", () => {
    const line = historyLine({
      ...record,
      milestone: 'problem',
      state: 'queued',
      attempts: 2,
      lastError: '421 try later',
      sentAt: null,
    });
    expect(line.milestone).toBe('Delivery problem');
    expect(line.why).toBe('Trying again (2 tries so far): 421 try later');
  });

  it('says a message bounced after it went, and notes a delay without calling it failed', () => {
    const bounced = historyLine({
      ...record,
      state: 'failed',
      reason: 'address_bounced',
      bounce: { action: 'failed', detail: '5.1.1 user unknown' },
    });
    expect(bounced).toMatchObject({ state: 'Failed', why: 'Bounced: 5.1.1 user unknown' });
    const delayed = historyLine({
      ...record,
      bounce: { action: 'delayed', detail: '4.4.7 delivery time expired' },
    });
    expect(delayed).toMatchObject({
      state: 'Sent',
      why: 'Delayed: 4.4.7 delivery time expired. Their mail server is still trying.',
    });
  });

  it('explains a suppressed address with the mail server’s words when it refused or bounced', () => {
    expect(suppressionWhy({ reason: 'unsubscribed', detail: null })).toBe('The buyer unsubscribed');
    expect(suppressionWhy({ reason: 'complaint', detail: 'Yahoo!-Mail-Feedback/2.0' })).toBe(
      'Marked your message as spam',
    );
    expect(suppressionWhy({ reason: 'refused', detail: '550 no such user' })).toBe(
      'Refused by their mail server: 550 no such user',
    );
    expect(suppressionWhy({ reason: 'bounced', detail: '5.1.1 user unknown' })).toBe(
      'Bounced: 5.1.1 user unknown',
    );
  });
});

describe('"Messages to you"', () => {
  const record = {
    kind: 'payment_failed' as const,
    state: 'sent' as const,
    reason: null,
    attempts: 1,
    lastError: null,
    bounce: null,
    subject: 'We could not take your ONVELOPE payment',
    queryCount: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    sentAt: '2026-03-01T10:00:02.000Z',
  };

  it('names the kind, the subject and when it went', () => {
    expect(sellerMessageLine(record)).toEqual({
      kind: 'Payment failed',
      state: 'Sent',
      at: '2026-03-01T10:00:02.000Z',
      subject: 'We could not take your ONVELOPE payment',
      why: null,
    });
  });

  it('counts the queries of a digest', () => {
    expect(sellerMessageLine({ ...record, kind: 'buyer_query_digest', queryCount: 3 }).kind).toBe(
      'Daily digest of buyer queries (3 queries)',
    );
  });

  it('says why a message still waits before its subject is known', () => {
    expect(
      sellerMessageLine({
        ...record,
        kind: 'buyer_query',
        state: 'queued',
        reason: 'awaiting_seller_address',
        attempts: 0,
        subject: null,
        sentAt: null,
      }),
    ).toEqual({
      kind: 'Buyer query',
      state: 'Queued',
      at: '2026-03-01T10:00:00.000Z',
      subject: 'Buyer query',
      why: 'Waiting for your account address to reach the notification service; it goes as soon as it does.',
    });
  });
});
