/**
 * RFC 3464 delivery status notifications: what a mail server reports, after it accepted a message,
 * about delivering it to each recipient. Pure: the intake hands it the `message/delivery-status`
 * part's text.
 */

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

/** `type; value` fields (`rfc822; ann@example.com`, `smtp; 550 ...`): the value. */
const valueOf = (field: string | undefined) => {
  if (field === undefined) return null;
  const semicolon = field.indexOf(';');
  const value = (semicolon < 0 ? field : field.slice(semicolon + 1)).trim();
  return value || null;
};

/** The recipients' fields of a `message/delivery-status` part (the per-message group skipped). */
export function parseDeliveryStatus(text: string): RecipientStatus[] {
  // Folded lines continue the field above them; groups are separated by blank lines.
  const unfolded = text.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' ');
  const groups = unfolded.split(/\n\s*\n/).map((group) => {
    const fields = new Map<string, string>();
    for (const line of group.split('\n')) {
      const colon = line.indexOf(':');
      if (colon > 0)
        fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    return fields;
  });
  return groups.flatMap((fields) => {
    const action = fields.get('action')?.toLowerCase();
    const status = /^\d\.\d{1,3}\.\d{1,3}/.exec(fields.get('status') ?? '')?.[0];
    if (!action || !status) return [];
    return [
      {
        action,
        status,
        finalRecipient: valueOf(fields.get('final-recipient'))?.toLowerCase() ?? null,
        originalRecipient: valueOf(fields.get('original-recipient'))?.toLowerCase() ?? null,
        diagnostic: valueOf(fields.get('diagnostic-code')),
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

// A report is outside text: its control characters go, whatever they would do to a screen.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]+/g;

const oneLine = (text: string, max: number) =>
  text.replace(controlCharacters, ' ').replace(/\s+/g, ' ').trim().slice(0, max);

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
