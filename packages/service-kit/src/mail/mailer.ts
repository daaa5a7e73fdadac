import nodemailer from 'nodemailer';
import { isDeliverableEmail } from '@onvelope/contracts';

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part (every message has one). */
  text: string;
  /** An HTML part beside the text (multipart/alternative). */
  html?: string;
  /**
   * The display name of the sender, in front of the configured address (`Acme <no-reply@...>`):
   * a seller's store sends through the product's own address.
   */
  fromName?: string;
  /** Where replies go. */
  replyTo?: string;
  /** Extra headers (`List-Unsubscribe`, ...): one line each. */
  headers?: Record<string, string>;
  /** `<id@host>`: the same id on every try of one message, so a receiver may drop a repeat. */
  messageId?: string;
  /**
   * The envelope sender (SMTP `MAIL FROM`, the Return-Path) when it is not the From address: where
   * mail servers send a bounce report later, such as a per-message VERP address.
   */
  envelopeFrom?: string;
}

/** Sends a service's emails. SMTP today; a provider API could take its place. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * One line of header text: CR, LF and the other control characters become spaces, so nothing
 * that reached a header (an order number, a store name) can start a header of its own.
 */
export const oneHeaderLine = (text: string) =>
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();

/** The address of a `Name <address>` (or a bare address). */
export function mailAddressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/**
 * Sends over SMTP with nodemailer (`smtp://host:port`, `smtps://user:pass@host:465`).
 *
 * @example
 * const mailer = createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
 * await mailer.send({ to: 'ann@example.com', subject: 'Hello', text: 'Hi Ann' });
 * await mailer.send({ to, subject, text, html, fromName: 'Acme', replyTo: 'shop@acme.test',
 *   headers: { 'List-Unsubscribe': '<https://...>' } });
 */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url, { from: options.from });
  const fromAddress = mailAddressOf(options.from);
  return {
    async send(message) {
      // The forms refuse such addresses already; a mail server could read one as another mailbox.
      if (!isDeliverableEmail(message.to)) {
        throw new Error(`refusing to send mail to an address that is not deliverable as typed`);
      }
      if (message.replyTo !== undefined && !isDeliverableEmail(message.replyTo)) {
        throw new Error(`refusing a reply-to address that is not deliverable as typed`);
      }
      const fromName = message.fromName === undefined ? '' : oneHeaderLine(message.fromName);
      await transport.sendMail({
        to: message.to,
        subject: oneHeaderLine(message.subject),
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        ...(fromName ? { from: { name: fromName, address: fromAddress } } : {}),
        ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
        ...(message.messageId === undefined ? {} : { messageId: message.messageId }),
        ...(message.envelopeFrom === undefined
          ? {}
          : { envelope: { from: message.envelopeFrom, to: message.to } }),
        ...(message.headers
          ? {
              headers: Object.fromEntries(
                Object.entries(message.headers).map(([name, value]) => [
                  oneHeaderLine(name),
                  oneHeaderLine(value),
                ]),
              ),
            }
          : {}),
      });
    },
    close: () => transport.close(),
  };
}
