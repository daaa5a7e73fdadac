import type { z } from 'zod';

/** A JetStream stream and the subjects it stores. */
export interface StreamContract {
  name: string;
  subjects: string[];
  /** Messages older than this are discarded; unlimited when absent. */
  maxAgeSeconds?: number;
  /** Only the newest messages of each subject are kept (a last-value store); unlimited when absent. */
  maxMessagesPerSubject?: number;
  /** A queue of work, not a log of facts: a message is removed once a consumer acknowledges it. */
  workQueue?: boolean;
}

/** A fact one service publishes for others to react to; delivered at least once. */
export interface EventContract<T extends z.ZodType = z.ZodType> {
  subject: string;
  stream: StreamContract;
  payload: T;
  /**
   * The newest `eventVersion` a payload of this contract declares (absent: 1). A consumer that
   * meets a message of a higher version it cannot read keeps it for its next release, rather than
   * dropping it, during a rolling upgrade.
   */
  version?: number;
}

/** A request/reply command that needs an answer now. */
export interface CommandContract<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> {
  subject: string;
  request: Req;
  response: Res;
}

export const defineStream = (stream: StreamContract): StreamContract => stream;
export const defineEvent = <T extends z.ZodType>(event: EventContract<T>): EventContract<T> =>
  event;
export const defineCommand = <Req extends z.ZodType, Res extends z.ZodType>(
  command: CommandContract<Req, Res>,
): CommandContract<Req, Res> => command;

export type PayloadOf<E> = E extends EventContract<infer T> ? z.infer<T> : never;
export type RequestOf<C> = C extends CommandContract<infer Req, z.ZodType> ? z.infer<Req> : never;
export type ReplyOf<C> = C extends CommandContract<z.ZodType, infer Res> ? z.infer<Res> : never;

const plainSubjectToken = /^[A-Za-z0-9_-]+$/;

/**
 * A value (an account id) made safe as one NATS subject token. Ids of letters, digits, `-` and `_`
 * (every id the product makes: UUIDs) stay as they are, so subjects already on a stream keep their
 * names; anything else — a space, a `.` that would split the token, a `*` or `>` that would match
 * other accounts — becomes `~` and the hex of its UTF-8 bytes, which no plain id can equal.
 */
export function subjectToken(value: string): string {
  if (plainSubjectToken.test(value)) return value;
  const hex = Array.from(new TextEncoder().encode(value), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  return `~${hex}`;
}
