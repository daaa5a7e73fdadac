import nodemailer from 'nodemailer';
import { isDeliverableEmail } from '@onvelope/contracts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends a service's emails. SMTP today; a provider API could take its place. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Sends over SMTP with nodemailer (`smtp://host:port`, `smtps://user:pass@host:465`).
 *
 * @example
 * const mailer = createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
 * await mailer.send({ to: 'ann@example.com', subject: 'Hello', text: 'Hi Ann' });
 */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url, { from: options.from });
  return {
    async send(message) {
      // The forms refuse such addresses already; a mail server could read one as another mailbox.
      if (!isDeliverableEmail(message.to)) {
        throw new Error(`refusing to send mail to an address that is not deliverable as typed`);
      }
      await transport.sendMail({ to: message.to, subject: message.subject, text: message.text });
    },
    close: () => transport.close(),
  };
}
