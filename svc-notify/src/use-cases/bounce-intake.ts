import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Logger } from '@onvelope/service-kit';
import { notificationIdOfBounceAddress } from '../domain/bounce-address.js';
import { bounceOf, parseDeliveryStatus, type Bounce } from '../domain/delivery-status.js';

export interface BounceIntakeDeps {
  port: number;
  host: string;
  /** The base of the tagged envelope senders (`BOUNCE_ADDRESS`) and the secret that signs them. */
  bounceAddress: string;
  secret: string;
  maxBytes: number;
  record: (notificationId: string, bounce: Bounce) => Promise<void>;
  log: Logger;
}

export interface BounceIntake {
  port: number;
  stop(): Promise<void>;
}

/** The report parts of RFC 3464 and of RFC 6533 (internationalised addresses). */
const reportTypes = new Set(['message/delivery-status', 'message/global-delivery-status']);

const smtpError = (responseCode: number, message: string) =>
  Object.assign(new Error(message), { responseCode });

/**
 * The bounce intake: an SMTP listener (the `MX` of `BOUNCE_ADDRESS`'s domain) for the delivery
 * reports mail servers send to a message's envelope sender after accepting it. It accepts a
 * recipient only when it is a genuine tagged address (a forged or foreign one is refused at RCPT
 * TO, so nothing is read), reads the report's `message/delivery-status` part, and hands what it
 * says about the message to `record`. Anything else sent to a tagged address (an auto-reply) is
 * accepted and dropped: the sender must not retry it. A failure to record answers 451, so the
 * reporting server tries again later.
 */
export async function startBounceIntake(deps: BounceIntakeDeps): Promise<BounceIntake> {
  const idOf = (address: string) =>
    notificationIdOfBounceAddress(deps.secret, deps.bounceAddress, address);

  const server = new SMTPServer({
    banner: 'ONVELOPE delivery reports',
    // Reports come from any mail server, without authentication; there is nothing to relay.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: deps.maxBytes,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (idOf(address.address)) callback();
      else callback(smtpError(550, '5.1.1 No such mailbox here'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(smtpError(552, '5.3.4 Message too big'));
          return;
        }
        const ids = session.envelope.rcptTo.flatMap((to) => idOf(to.address) ?? []);
        readReport(Buffer.concat(chunks))
          .then(async (bounce) => {
            if (!bounce) {
              deps.log.info(
                { recipients: ids.length },
                'mail to a bounce address without a report',
              );
              return;
            }
            for (const id of ids) await deps.record(id, bounce);
          })
          .then(
            () => callback(),
            (error: unknown) => {
              deps.log.error({ err: error }, 'delivery report not recorded; the sender will retry');
              callback(smtpError(451, '4.3.0 Try again later'));
            },
          );
      });
    },
  });
  server.on('error', (error) => deps.log.warn({ err: error }, 'bounce intake connection error'));

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(deps.port, deps.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  deps.log.info({ port, host: deps.host }, 'bounce intake listening');
  return {
    port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a message's report says, or null when it is not one (or says nothing to act on). */
async function readReport(raw: Buffer): Promise<Bounce | null> {
  // A mail that cannot be read is no report: dropped, never retried.
  const parsed = await simpleParser(raw, { keepDeliveryStatus: true }).catch(() => null);
  if (!parsed) return null;
  const part = parsed.attachments.find((attachment) => reportTypes.has(attachment.contentType));
  return part ? bounceOf(parseDeliveryStatus(part.content.toString('utf8'))) : null;
}
