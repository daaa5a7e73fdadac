import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Logger } from '@onvelope/service-kit/observability';
import {
  isBaseBounceAddress,
  notificationIdOfBounceAddress,
  notificationIdsInText,
} from '../domain/bounce-address.js';
import { bounceOf, parseDeliveryStatus, type Bounce } from '../domain/delivery-status.js';
import {
  isComplaint,
  parseFeedbackReport,
  unsubscribeClaimsInText,
} from '../domain/feedback-report.js';
import type { ComplaintSubjects } from './record-complaint.js';

export interface BounceIntakeDeps {
  port: number;
  host: string;
  /** The base of the tagged envelope senders (`BOUNCE_ADDRESS`) and the secret that signs them. */
  bounceAddress: string;
  secret: string;
  maxBytes: number;
  /**
   * The PEM files of the key and certificate STARTTLS offers (`BOUNCE_TLS_KEY_FILE`,
   * `BOUNCE_TLS_CERT_FILE`); without them no STARTTLS is offered.
   */
  tlsFiles?: { keyFile: string; certFile: string };
  record: (notificationId: string, bounce: Bounce) => Promise<void>;
  recordComplaint: (subjects: ComplaintSubjects, detail: string | null) => Promise<void>;
  log: Logger;
}

export interface BounceIntake {
  port: number;
  stop(): Promise<void>;
}

const smtpError = (responseCode: number, message: string) =>
  Object.assign(new Error(message), { responseCode });

/**
 * The bounce intake: an SMTP listener (the `MX` of `BOUNCE_ADDRESS`'s domain) for the delivery
 * reports mail servers send to a message's envelope sender after accepting it, and for the spam
 * complaints (ARF) of mailbox providers' feedback loops. It accepts a recipient only when it is a
 * genuine tagged address, or the bare `BOUNCE_ADDRESS` a feedback loop is registered to write to
 * (a forged or foreign one is refused at RCPT TO, so nothing is read). A delivery report counts for
 * the message its tagged recipient names; a complaint for the buyers that signed addresses and
 * links in it name. Anything else (an auto-reply, mail that cannot be read) is accepted and
 * dropped: the sender must not retry it. A failure to record answers 451, so the reporting server
 * tries again later. With a key and certificate it offers STARTTLS.
 */
export async function startBounceIntake(deps: BounceIntakeDeps): Promise<BounceIntake> {
  const idOf = (address: string) =>
    notificationIdOfBounceAddress(deps.secret, deps.bounceAddress, address);
  const tls = deps.tlsFiles ? await readTls(deps.tlsFiles) : null;

  const server = new SMTPServer({
    banner: 'ONVELOPE delivery reports',
    // Reports come from any mail server, without authentication; there is nothing to relay.
    authOptional: true,
    // Without a certificate of ours, smtp-server would offer STARTTLS with its own built-in one.
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(tls ?? {}),
    size: deps.maxBytes,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (idOf(address.address) || isBaseBounceAddress(deps.bounceAddress, address.address)) {
        callback();
      } else callback(smtpError(550, '5.1.1 No such mailbox here'));
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
        readAndRecord(deps, Buffer.concat(chunks), ids).then(
          () => callback(),
          (error: unknown) => {
            deps.log.error({ err: error }, 'report not recorded; the sender will retry');
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

async function readTls(files: { keyFile: string; certFile: string }) {
  const read = (file: string) =>
    readFile(file).catch((error: unknown) => {
      throw new Error(`the bounce intake's TLS file ${file} cannot be read`, { cause: error });
    });
  const [key, cert] = await Promise.all([read(files.keyFile), read(files.certFile)]);
  return { key, cert };
}

/**
 * The parts this intake reads: the delivery status of RFC 3464 and of RFC 6533 (internationalised
 * addresses), and RFC 5965's feedback report.
 */
const deliveryStatusTypes = new Set(['message/delivery-status', 'message/global-delivery-status']);
const feedbackReportTypes = new Set(['message/feedback-report']);

/**
 * Reads one mail to the intake and records what it says: a complaint (an ARF report of type
 * `abuse`) for the buyers it names, a delivery report for the messages of the tagged recipients
 * (`ids`). Anything else is logged and dropped.
 */
async function readAndRecord(deps: BounceIntakeDeps, raw: Buffer, ids: string[]): Promise<void> {
  // A mail that cannot be read is no report: dropped, never retried.
  const parsed = await simpleParser(raw, { keepDeliveryStatus: true }).catch(() => null);
  const partOf = (types: Set<string>) =>
    parsed?.attachments.find((attachment) => types.has(attachment.contentType));
  const feedback = partOf(feedbackReportTypes);
  if (parsed && feedback) {
    const report = parseFeedbackReport(feedback.content.toString('utf8'));
    if (!report || !isComplaint(report)) {
      deps.log.info({ feedbackType: report?.feedbackType }, 'feedback report that is no complaint');
      return;
    }
    const quoted = quotedText(raw, parsed);
    await deps.recordComplaint(
      {
        notificationIds: [
          ...new Set([...ids, ...notificationIdsInText(deps.secret, deps.bounceAddress, quoted)]),
        ],
        unsubscribeClaims: unsubscribeClaimsInText(deps.secret, quoted),
      },
      report.userAgent,
    );
    return;
  }
  const status = partOf(deliveryStatusTypes);
  const bounce = status ? bounceOf(parseDeliveryStatus(status.content.toString('utf8'))) : null;
  if (!bounce || ids.length === 0) {
    deps.log.info({ recipients: ids.length }, 'mail to a bounce address without a report');
    return;
  }
  for (const id of ids) await deps.record(id, bounce);
}

/**
 * Where a complaint quotes the original message: the report as sent (a `message/rfc822` part may
 * not be encoded, RFC 2046 §5.2.1) and its decoded parts (`text/rfc822-headers` may be).
 */
const quotedText = (raw: Buffer, parsed: ParsedMail) =>
  [raw, ...parsed.attachments.map((attachment) => attachment.content)]
    .map((part) => part.toString('utf8'))
    .join('\n');
