// The billing paywall, server side: the twin of `@onvelope/contracts`' `billing/` folder, whose
// rules it applies rather than restates. `billing/access.ts` there decides (`accessOf`: is the
// workspace open, and if not why) and words the refusal (`accessReasonBanners`), the same rules the
// frontends show; `billing/events.ts` names the BILLING_ACCESS stream and the per-account subjects
// svc-billing publishes the states on. Here: publishing a state, following every account's state in
// memory, and the 402 gate `createService` puts on each route `requiresSubscription` marks.
import {
  jetstream,
  jetstreamManager,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamManager,
} from '@nats-io/jetstream';
import type { Context, Next } from 'koa';
import {
  accessOf,
  accessReasonBanners,
  billingAccessChanged,
  billingAccessState,
  billingAccessStream,
  billingAccessSubject,
  type BillingAccessState,
} from '@onvelope/contracts';
import { callerOf } from '../auth/auth.js';
import { HttpError } from '../errors/errors.js';
import type { Logger } from '../observability/logger.js';
import { ensureStream, setUpOptions, type NatsConnection } from '../nats/nats.js';

export interface BillingAccess {
  /** The newest billing state of the account, or undefined when svc-billing never published one. */
  stateOf(accountId: string): Promise<BillingAccessState | undefined>;
  stop(): Promise<void>;
}

/**
 * Publishes an account's billing state on BILLING_ACCESS (svc-billing, and tests standing in for
 * it), unless the stream already holds this version or a newer one. The stream keeps one message
 * per account, the last written, so two svc-billing instances publishing at the same instant could
 * otherwise leave the older state there: the write names the sequence of the message it read
 * (`Nats-Expected-Last-Subject-Sequence`), and when another instance wrote first it reads again and
 * decides again. The message id (account and version) still drops a plain repeat.
 */
export async function publishBillingState(
  nats: NatsConnection,
  state: BillingAccessState,
): Promise<void> {
  const checked = billingAccessChanged.payload.parse(state);
  const subject = billingAccessChanged.subjectOf(checked.accountId);
  const data = JSON.stringify(checked);
  const jsm = await jetstreamManager(nats, { checkAPI: false });
  for (;;) {
    const stored = await lastStateOn(jsm, subject);
    if (stored && stored.version >= checked.version) return;
    try {
      await jetstream(nats).publish(subject, data, {
        msgID: `${checked.accountId}:${checked.version}`,
        expect: { lastSubjectSequence: stored?.sequence ?? 0 },
      });
      return;
    } catch (error) {
      if (!isWrongLastSequence(error)) throw error;
    }
  }
}

async function lastStateOn(
  jsm: JetStreamManager,
  subject: string,
): Promise<{ sequence: number; version: number } | undefined> {
  const stored = await jsm.streams.getMessage(billingAccessStream.name, { last_by_subj: subject });
  if (!stored) return undefined;
  const parsed = billingAccessState.safeParse(stored.json());
  // A message that breaks the contract is replaced, whatever version it claimed.
  return { sequence: stored.seq, version: parsed.success ? parsed.data.version : -1 };
}

/** JetStream's answer when the subject's last sequence is not the one the publish expected. */
const isWrongLastSequence = (error: unknown) =>
  error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamWrongLastSequence;

/**
 * Every instance of a workspace service keeps the billing state of every seller account in memory,
 * fed by an ordered consumer of the BILLING_ACCESS stream (one message per account), so a webhook
 * that ends a subscription closes the workspace everywhere within a second. An account not seen yet
 * (its trial started a moment ago, or this instance is still replaying) is read from the stream
 * directly, so a fresh trial is never refused for want of a message in flight.
 */
export async function followBillingAccess(
  nats: NatsConnection,
  log: Logger,
): Promise<BillingAccess> {
  await ensureStream(nats, billingAccessStream);
  const states = new Map<string, BillingAccessState>();
  const keep = (state: BillingAccessState) => {
    const known = states.get(state.accountId);
    if (!known || known.version < state.version) states.set(state.accountId, state);
  };
  const parse = (message: { json(): unknown; subject: string }): BillingAccessState | undefined => {
    const parsed = billingAccessState.safeParse(message.json());
    if (parsed.success) return parsed.data;
    log.error({ subject: message.subject }, 'billing state breaks its contract; ignored');
    return undefined;
  };

  const consumer = await jetstream(nats, setUpOptions).consumers.get(billingAccessStream.name, {
    filter_subjects: billingAccessStream.subjects,
  });
  const messages = await consumer.consume();
  const done = (async () => {
    for await (const message of messages) {
      const state = parse(message);
      if (state) keep(state);
    }
  })();

  // Made at start-up, so no API check: that asked JetStream with the client's 5 s timeout, and a
  // service starting beside a three-node cluster still agreeing failed its start with "timeout".
  const jsm = await jetstreamManager(nats, { checkAPI: false });
  return {
    async stateOf(accountId) {
      const known = states.get(accountId);
      if (known) return known;
      const stored = await jsm.streams.getMessage(billingAccessStream.name, {
        last_by_subj: billingAccessSubject(accountId),
      });
      const state = stored && parse(stored);
      if (state) keep(state);
      return states.get(accountId);
    },
    async stop() {
      messages.stop();
      await done;
    },
  };
}

/**
 * Refuses a workspace call with 402 and the pricing page's reason when the caller's account has
 * neither a running trial nor a subscription in good standing (svc-billing README).
 */
export function requireOpenWorkspace(access: BillingAccess) {
  return async (ctx: Context, next: Next) => {
    const { accountId } = callerOf(ctx);
    const decision = accessOf(await access.stateOf(accountId), new Date());
    if (!decision.allowed) {
      throw new HttpError(402, accessReasonBanners[decision.reason], [], {
        reason: decision.reason,
      });
    }
    await next();
  };
}
