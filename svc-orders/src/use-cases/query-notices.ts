import type { Connection } from 'mongoose';
import { type Logger } from '@onvelope/service-kit/observability';
import { forAccount } from '@onvelope/service-kit/mongo';
import { type SellerNotices } from '@onvelope/service-kit/seller-notices';
import { orderQueryModel, type OrderQueryDocument } from '../data/order-query.model.js';

/**
 * What asking svc-notify for a message takes: the service kit's notice outbox
 * (`startSellerNotices`), which carries the seller's messages and the buyers' alike. svc-orders
 * never talks to SMTP (issue 34: one owner of outgoing mail).
 */
export type QueryNotices = Pick<SellerNotices, 'request' | 'requestForBuyer'>;

export interface QueryNoticeDeps {
  db: Connection;
  notices: QueryNotices;
}

/** One message to the seller per query (issue 34), however often it is asked for. */
export const buyerQueryNoticeId = (queryId: string) => `orders:buyer_query:${queryId}`;

/** One message to the buyer per reply, however often it is asked for. */
export const queryReplyNoticeId = (queryId: string, replyId: string) =>
  `orders:query_reply:${queryId}:${replyId}`;

/**
 * Asks svc-notify to tell the seller of a buyer's stored query, then clears the query's pending
 * flag. The request goes to the query's own seller (`accountId` of the order it was filed under).
 * Safe to repeat: the notice id is the query's, so a retry or the sweep mails nobody twice.
 */
export async function tellSellerAboutQuery(
  deps: { db: Connection; notices: Pick<QueryNotices, 'request'> },
  query: OrderQueryDocument,
) {
  const queryId = String(query._id);
  await deps.notices.request(
    query.accountId,
    buyerQueryNoticeId(queryId),
    // An order number or a name taken from the order has no limit of its own: the outbox cuts
    // what the contract would refuse (`fitNoticeTexts`).
    {
      kind: 'buyer_query',
      queryId,
      orderNumber: query.orderNumber,
      customerName: query.customerName,
      customerEmail: query.customerEmail,
      subject: query.subject,
      message: query.message,
    },
  );
  await forAccount(orderQueryModel(deps.db), query.accountId).updateOne(
    { _id: query._id },
    { $unset: { sellerNoticePending: 1 } },
  );
}

/**
 * Asks svc-notify to mail the buyer each reply of the query still flagged `noticePending`, then
 * clears that reply's flag. The mail goes to the address the buyer gave with the query (it was
 * the order's when the query was accepted) and carries the question it answers. Safe to repeat:
 * the notice id is the reply's, so a retry or the sweep mails the buyer once. Replies from before
 * this release carry no flag: they were mailed then.
 */
export async function tellBuyerAboutReplies(
  deps: { db: Connection; notices: Pick<QueryNotices, 'requestForBuyer'> },
  query: OrderQueryDocument,
) {
  const queryId = String(query._id);
  for (const reply of query.replies.filter((candidate) => candidate.noticePending)) {
    await deps.notices.requestForBuyer(
      query.accountId,
      queryReplyNoticeId(queryId, reply.id),
      query.customerEmail,
      {
        kind: 'query_reply',
        queryId,
        replyId: reply.id,
        entryId: query.entryId || null,
        orderNumber: query.orderNumber,
        customerName: query.customerName,
        subject: query.subject,
        message: query.message,
        reply: reply.message,
      },
    );
    await forAccount(orderQueryModel(deps.db), query.accountId).updateOne(
      { _id: query._id, 'replies.id': reply.id },
      { $unset: { 'replies.$.noticePending': 1 } },
    );
  }
}

/** Queries this recent are left to the request that stored them (it settles in milliseconds). */
const SWEEP_GRACE_MS = 30_000;
const SWEEP_BATCH = 100;

export interface QueryNoticeSweep {
  stop(): Promise<void>;
}

/**
 * The safety net of `tellSellerAboutQuery` and `tellBuyerAboutReplies`: a query is stored with its
 * pending flag in the same write, and a reply is pushed with its own, so a process that died (or a
 * database or outbox that failed) between storing and asking leaves the flag set, and this loop
 * asks, at start and every `everyMs`. Every replica runs one; two asking for one notice still mail
 * once.
 */
export function startQueryNoticeSweep({
  db,
  notices,
  log,
  everyMs,
  now = () => new Date(),
}: QueryNoticeDeps & { log: Logger; everyMs: number; now?: () => Date }): QueryNoticeSweep {
  const queries = orderQueryModel(db);
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;

  /** Asks for every query matching `filter`, a batch at a time, oldest first. */
  async function askFor(
    filter: Record<string, unknown>,
    sortBy: 'createdAt' | 'updatedAt',
    ask: (query: OrderQueryDocument) => Promise<void>,
  ) {
    for (;;) {
      const pending = await queries
        .find(filter)
        .sort({ [sortBy]: 1 })
        .limit(SWEEP_BATCH)
        .lean<OrderQueryDocument[]>();
      for (const query of pending) {
        if (stopping) return;
        await ask(query);
      }
      if (pending.length < SWEEP_BATCH) return;
    }
  }

  async function sweep() {
    const settled = new Date(now().getTime() - SWEEP_GRACE_MS);
    await askFor(
      { sellerNoticePending: true, createdAt: { $lte: settled } },
      'createdAt',
      (query) => tellSellerAboutQuery({ db, notices }, query),
    );
    // A reply moves the query's `updatedAt`: one older than the grace has no reply being asked for.
    await askFor(
      { 'replies.noticePending': true, updatedAt: { $lte: settled } },
      'updatedAt',
      (query) => tellBuyerAboutReplies({ db, notices }, query),
    );
  }

  let round: Promise<void> = Promise.resolve();
  const run = () => {
    round = sweep()
      .catch((error: unknown) =>
        log.warn(
          { err: error },
          'asking for the notices of queries and replies failed; will retry',
        ),
      )
      .finally(() => {
        if (stopping) return;
        timer = setTimeout(run, everyMs);
        timer.unref();
      });
  };
  run();

  return {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await round;
    },
  };
}
