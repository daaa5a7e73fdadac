import type { Connection } from 'mongoose';
import type { Logger, SellerNotices } from '@onvelope/service-kit';
import { orderQueryModel, type OrderQueryDocument } from '../data/order-query.model.js';

/** What asking for a seller's message takes: the service kit's outbox (`startSellerNotices`). */
export type QueryNotices = Pick<SellerNotices, 'request'>;

export interface QueryNoticeDeps {
  db: Connection;
  notices: QueryNotices;
}

/** One message to the seller per query (issue 34), however often it is asked for. */
export const buyerQueryNoticeId = (queryId: string) => `orders:buyer_query:${queryId}`;

/**
 * Asks svc-notify to tell the seller of a buyer's stored query, then clears the query's pending
 * flag. The request goes to the query's own seller (`accountId` of the order it was filed under).
 * Safe to repeat: the notice id is the query's, so a retry or the sweep mails nobody twice.
 */
export async function tellSellerAboutQuery(deps: QueryNoticeDeps, query: OrderQueryDocument) {
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
  await orderQueryModel(deps.db).updateOne(
    { _id: query._id, accountId: query.accountId },
    { $unset: { sellerNoticePending: 1 } },
  );
}

/** Queries this recent are left to the request that stored them (it settles in milliseconds). */
const SWEEP_GRACE_MS = 30_000;
const SWEEP_BATCH = 100;

export interface QueryNoticeSweep {
  stop(): Promise<void>;
}

/**
 * The safety net of `tellSellerAboutQuery`: a query is stored with its pending flag in the same
 * write, so a process that died (or a database that failed) between storing the query and asking
 * for the seller's message leaves the flag set, and this loop asks for it, at start and every
 * `everyMs`. Every replica runs one; two asking for one query still mail the seller once.
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

  async function sweep() {
    for (;;) {
      const pending = await queries
        .find({
          sellerNoticePending: true,
          createdAt: { $lte: new Date(now().getTime() - SWEEP_GRACE_MS) },
        })
        .sort({ createdAt: 1 })
        .limit(SWEEP_BATCH)
        .lean<OrderQueryDocument[]>();
      for (const query of pending) {
        if (stopping) return;
        await tellSellerAboutQuery({ db, notices }, query);
      }
      if (pending.length < SWEEP_BATCH) return;
    }
  }

  let round: Promise<void> = Promise.resolve();
  const run = () => {
    round = sweep()
      .catch((error: unknown) =>
        log.warn({ err: error }, 'asking for the seller notices of queries failed; will retry'),
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
