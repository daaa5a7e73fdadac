import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { userTokensRevoked } from '@onvelope/contracts';
import type { Logger } from '../observability/logger.js';
import { ensureStream, setUpOptions, type NatsConnection } from '../nats/nats.js';

export interface RevocationList {
  /** Epoch milliseconds before which the user's tokens are ended, if any were. */
  notBeforeMs(userId: string): number | undefined;
  stop(): Promise<void>;
}

/**
 * Every instance of every service keeps the token revocations in memory, fed by an ordered
 * consumer that replays the AUTH stream from its start (the stream keeps revocations only as long
 * as a token lives, so the replay stays small). Resolves once the replay has caught up, so a
 * service never starts accepting a token that was already revoked.
 */
export async function followRevocations(
  nats: NatsConnection,
  log: Logger,
): Promise<RevocationList> {
  await ensureStream(nats, userTokensRevoked.stream);
  const cutoffs = new Map<string, number>();
  const jsm = await jetstreamManager(nats, setUpOptions);
  // Other events share the stream: only revocations count towards the replay to wait for.
  const { state } = await jsm.streams.info(userTokensRevoked.stream.name, {
    subjects_filter: userTokensRevoked.subject,
  });
  const revocationsStored = state.subjects?.[userTokensRevoked.subject] ?? 0;
  const consumer = await jetstream(nats, setUpOptions).consumers.get(
    userTokensRevoked.stream.name,
    {
      filter_subjects: [userTokensRevoked.subject],
    },
  );
  const messages = await consumer.consume();
  let caughtUp: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    caughtUp = resolve;
    if (revocationsStored === 0) resolve();
  });
  const done = (async () => {
    for await (const message of messages) {
      const parsed = userTokensRevoked.payload.safeParse(message.json());
      if (parsed.success) {
        const { userId } = parsed.data;
        const notBeforeMs =
          'notBeforeMs' in parsed.data ? parsed.data.notBeforeMs : parsed.data.notBefore * 1000;
        cutoffs.set(userId, Math.max(notBeforeMs, cutoffs.get(userId) ?? 0));
      } else {
        log.error({ subject: message.subject }, 'revocation breaks its contract; ignored');
      }
      if (message.info.pending === 0) caughtUp();
    }
  })();
  await ready;
  return {
    notBeforeMs: (userId) => cutoffs.get(userId),
    async stop() {
      messages.stop();
      await done;
    },
  };
}
