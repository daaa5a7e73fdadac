/** What to do with a message whose try failed. */
export type SendFailure =
  /** The server refused this address for good: suppress it for the seller. */
  | { kind: 'address_refused'; detail: string }
  /** The server refused this message for good (content, policy): do not try again. */
  | { kind: 'message_refused'; detail: string }
  /** Anything else (no server, 4xx, a timeout): try again later. */
  | { kind: 'retry'; detail: string };

/**
 * Reads what nodemailer threw. SMTP's 5xx is a permanent refusal (RFC 5321 §4.2.1): given to the
 * recipient (`RCPT TO`) it is about the address (no such mailbox), otherwise about the message.
 * 4xx, a lost connection or a timeout are temporary.
 */
export function sendFailureOf(error: unknown): SendFailure {
  const { responseCode, command, response, message } = (error ?? {}) as {
    responseCode?: unknown;
    command?: unknown;
    response?: unknown;
    message?: unknown;
  };
  const detail = String(response ?? message ?? error).slice(0, 300);
  if (typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600) {
    return command === 'RCPT TO'
      ? { kind: 'address_refused', detail }
      : { kind: 'message_refused', detail };
  }
  return { kind: 'retry', detail };
}

/**
 * The wait before try `attempt + 1` (after `attempt` failed tries): `baseMs` doubling each time,
 * at most `maxMs`, less up to a fifth at random so that messages failed together spread out.
 */
export function retryDelayMs(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random = Math.random,
): number {
  const full = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(full * (1 - random() * 0.2));
}
