import { describe, expect, it } from 'vitest';
import { bounceOf, parseDeliveryStatus } from './delivery-status.js';

const report = (recipients: string[]) =>
  [
    'Reporting-MTA: dns; mx.example.net',
    'Arrival-Date: Sat, 28 Nov 2026 12:00:00 +0000',
    '',
    ...recipients,
  ].join('\r\n');

describe('delivery status notifications (RFC 3464)', () => {
  it('reads each recipient’s action, status, addresses and the folded diagnostic', () => {
    const text = report([
      'Original-Recipient: rfc822;Ann@Example.com',
      'Final-Recipient: rfc822; ann@example.com',
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 <ann@example.com>: Recipient address',
      '    rejected: User unknown',
      '',
    ]);
    expect(parseDeliveryStatus(text)).toEqual([
      {
        action: 'failed',
        status: '5.1.1',
        finalRecipient: 'ann@example.com',
        originalRecipient: 'ann@example.com',
        diagnostic: '550 5.1.1 <ann@example.com>: Recipient address rejected: User unknown',
      },
    ]);
  });

  it('makes a 5.x.x failure permanent, in words, and a delay or a 4.x.x failure a note', () => {
    const failed = bounceOf(
      parseDeliveryStatus(
        report(['Final-Recipient: rfc822; a@x.example', 'Action: failed', 'Status: 5.1.1']),
      ),
    );
    expect(failed).toEqual({
      permanent: true,
      action: 'failed',
      status: '5.1.1',
      detail: '5.1.1 user unknown',
      recipient: 'a@x.example',
    });
    const delayed = bounceOf(
      parseDeliveryStatus(
        report(['Final-Recipient: rfc822; a@x.example', 'Action: delayed', 'Status: 4.4.7']),
      ),
    );
    expect(delayed).toMatchObject({
      permanent: false,
      action: 'delayed',
      detail: '4.4.7 delivery time expired',
    });
    const gaveUpOnTransient = bounceOf(
      parseDeliveryStatus(
        report(['Final-Recipient: rfc822; a@x.example', 'Action: failed', 'Status: 4.2.0']),
      ),
    );
    expect(gaveUpOnTransient).toMatchObject({
      permanent: false,
      action: 'failed',
      detail: '4.2.0',
    });
  });

  it('shows the server’s own words for other codes, on one line', () => {
    const bounce = bounceOf(
      parseDeliveryStatus(
        report([
          'Final-Recipient: rfc822; a@x.example',
          'Action: failed',
          'Status: 5.3.0',
          'Diagnostic-Code: smtp; 554 Mailbox\u0007 unavailable',
        ]),
      ),
    );
    expect(bounce?.detail).toBe('5.3.0 554 Mailbox unavailable');
  });

  it('finds nothing to do in a delivered or relayed report, or in text that is not one', () => {
    const delivered = report([
      'Final-Recipient: rfc822; a@x.example',
      'Action: delivered',
      'Status: 2.0.0',
    ]);
    expect(bounceOf(parseDeliveryStatus(delivered))).toBeNull();
    expect(bounceOf(parseDeliveryStatus('Thanks for your mail, I am on holiday.'))).toBeNull();
  });
});
