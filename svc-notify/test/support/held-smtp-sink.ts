import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server that receives each message whole but keeps its answer until the test gives
 * it: a mail server slow to answer, for exactly as long as a test needs a send to stay in hand.
 * Messages are known by their (one) recipient.
 */
export interface HeldSmtpSink {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** The recipient of each message received, answered or not, in the order they came. */
  received(): string[];
  /** The recipient of the next message whose answer is held (the earliest not yet named). */
  nextHeld(timeoutMs?: number): Promise<string>;
  /** Accepts the held message to `address` (250). */
  accept(address: string): void;
  /** Accepts every held message, and each later one as it comes, until `holdAnswers`. */
  acceptAll(): void;
  /** Holds the answer of each message received from now on (the sink starts so). */
  holdAnswers(): void;
  stop(): Promise<void>;
}

export async function startHeldSmtpSink(): Promise<HeldSmtpSink> {
  const received: string[] = [];
  const answers = new Map<string, () => void>();
  let unnamed: string[] = [];
  const waiters = new Set<() => void>();
  let holding = true;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const recipient = session.envelope.rcptTo[0]?.address.toLowerCase() ?? '';
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received.push(recipient);
        if (!holding) {
          callback();
          return;
        }
        answers.set(recipient, () => callback());
        unnamed.push(recipient);
        for (const wake of waiters) wake();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const accept = (address: string) => {
    const answer = answers.get(address.toLowerCase());
    if (!answer) throw new Error(`no message to ${address} is held`);
    answers.delete(address.toLowerCase());
    answer();
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => [...received],
    nextHeld: (timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const recipient = unnamed.shift();
          if (recipient === undefined) return;
          cleanup();
          resolve(recipient);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no message held within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
    accept,
    acceptAll() {
      holding = false;
      unnamed = [];
      for (const address of [...answers.keys()]) accept(address);
    },
    holdAnswers() {
      holding = true;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
