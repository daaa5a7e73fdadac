import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the sink received, as sent over SMTP. */
export interface CaughtMail {
  from: string;
  to: string[];
  /** The raw message (headers and body); tests look for codes in it. */
  raw: string;
  receivedAt: Date;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  messages(): CaughtMail[];
  /** Resolves with the first message to `address` received after `since` (default: any). */
  waitForMail(address: string, options?: { since?: Date; timeoutMs?: number }): Promise<CaughtMail>;
  stop(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps what it receives: the mail server for tests and local
 * runs. It accepts any sender and recipient without authentication.
 *
 * @example
 * const sink = await startSmtpSink({ onMail: (mail) => console.log(mail.to, mail.raw) });
 * // SMTP_URL=sink.url
 * const mail = await sink.waitForMail('ann@example.com');
 */
export async function startSmtpSink(
  options: { onMail?: (mail: CaughtMail) => void } = {},
): Promise<SmtpSink> {
  const caught: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: CaughtMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date(),
        };
        caught.push(mail);
        options.onMail?.(mail);
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const find = (address: string, since: Date) =>
    caught.find((mail) => mail.to.includes(address.toLowerCase()) && mail.receivedAt >= since);

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages: () => [...caught],
    waitForMail(address, { since = new Date(0), timeoutMs = 10_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = find(address, since);
          if (!mail) return;
          cleanup();
          resolve(mail);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no mail to ${address} within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
