/**
 * RFC 3464 delivery status notifications: what a mail server reports, after it accepted a message,
 * about delivering it to each recipient. Pure: the intake hands it the `message/delivery-status`
 * part's text.
 */

import { fieldGroupsOf, oneLine, typedValueOf } from './report-fields.js';

/** One recipient's fields of a report. */
export interface RecipientStatus {
  action: string;
  /** `class.subject.detail` (RFC 3463): 5 permanent, 4 transient, 2 success. */
  status: string;
  finalRecipient: string | null;
  originalRecipient: string | null;
  diagnostic: string | null;
}

/** What a report means for the message: a permanent failure, or a delay (a note only). */
export interface Bounce {
  permanent: boolean;
  /** As reported: `failed` or `delayed`. */
  action: 'failed' | 'delayed';
  status: string;
  /** One line for the seller: `5.1.1 user unknown`. */
  detail: string;
  recipient: string | null;
}

/** The recipients' fields of a `message/delivery-status` part (the per-message group skipped). */
export function parseDeliveryStatus(text: string): RecipientStatus[] {
  return fieldGroupsOf(text).flatMap((fields) => {
    const action = fields.get('action')?.toLowerCase();
    const status = /^\d\.\d{1,3}\.\d{1,3}/.exec(fields.get('status') ?? '')?.[0];
    if (!action || !status) return [];
    return [
      {
        action,
        status,
        finalRecipient: typedValueOf(fields.get('final-recipient'))?.toLowerCase() ?? null,
        originalRecipient: typedValueOf(fields.get('original-recipient'))?.toLowerCase() ?? null,
        diagnostic: typedValueOf(fields.get('diagnostic-code')),
      },
    ];
  });
}

/** RFC 3463's words for the codes sellers meet most; others show the server's own words. */
const statusWords: Record<string, string> = {
  '1.1': 'user unknown',
  '1.2': 'domain unknown',
  '1.10': 'domain accepts no mail',
  '2.1': 'mailbox disabled',
  '2.2': 'mailbox full',
  '4.4': 'no route to the domain',
  '4.7': 'delivery time expired',
  '7.1': 'refused by policy',
};

/**
 * What a report says about the one recipient of a VERP-tagged message: the first failure, else
 * the first delay; null when it reports a delivery (or nothing a seller needs). A failure with a
 * 5.x.x status is permanent (the address is suppressed); a delay, or a failure with a 4.x.x one,
 * is a note.
 */
export function bounceOf(recipients: RecipientStatus[]): Bounce | null {
  const reported =
    recipients.find((recipient) => recipient.action === 'failed') ??
    recipients.find((recipient) => recipient.action === 'delayed');
  if (!reported) return null;
  const words = statusWords[reported.status.slice(2)];
  const detail = words
    ? `${reported.status} ${words}`
    : `${reported.status}${reported.diagnostic ? ` ${reported.diagnostic}` : ''}`;
  return {
    permanent: reported.action === 'failed' && reported.status.startsWith('5.'),
    action: reported.action === 'failed' ? 'failed' : 'delayed',
    status: reported.status,
    detail: oneLine(detail, 300),
    recipient: reported.originalRecipient ?? reported.finalRecipient,
  };
}
