import { countStoreFrontOrders, upsertStoreFrontOrders } from '@onvelope/contracts';
import { requestCommand } from '@onvelope/service-kit/nats';
import type { ConnectionDocument } from '../data/connection.model.js';
import {
  StoreFrontError,
  type OrderPage,
  type StoreFrontAuth,
} from '../data/store-front-client.js';
import { syncJobModel, type SyncJobDocument } from '../data/sync-job.model.js';
import { ORDER_MAPPING_VERSION, type StoreFrontOrder } from '../domain/bigcartel-order.js';
import { ordersUnavailableReason, storeFrontFailureReason } from '../domain/sync-failure-reason.js';
import type { JobControl, JobOutcome, QueuedSyncJob } from '../events/sync-job-queue.js';
import {
  accessOf,
  connectionsOf,
  jobsOf,
  markAuthorizationExpired,
  syncMessages,
  type SyncDeps,
} from './store-front-access.js';
import { askAboutFailedSync } from './tell-seller-about-sync.js';

/** svc-orders takes at most this many orders per request (the contract's limit). */
const UPSERT_BATCH = 500;
const ORDERS_TIMEOUT_MS = 30_000;
/** A job that keeps failing for reasons of ours (svc-orders down) is given up after this many tries. */
const MAX_DELIVERIES = 20;

/** The job was taken from this replica (lease lost) or the replica is stopping. */
class Released extends Error {}

/**
 * A job that ends as failed, with the text the seller's dashboard shows and the reason they are
 * mailed (issue 34), or null when no mail is owed for it.
 */
class JobFailed extends Error {
  constructor(
    message: string,
    readonly noticeReason: string | null,
  ) {
    super(message);
  }
}

/**
 * Runs one sync job delivered by the work queue (spec 000 §4 "Sync"): claims it, then page by page
 * fetches the store-front's orders (the next page is fetched while the current one is saved), hands
 * each page to svc-orders (an idempotent upsert by store-front order id), and records the cursor and
 * progress after each page. Any replica can resume the job from its last recorded page.
 */
export async function runSyncJob(
  deps: SyncDeps,
  queued: QueuedSyncJob,
  control: JobControl,
): Promise<JobOutcome> {
  const jobs = syncJobModel(deps.db);
  const now = new Date();
  const claimed = await jobsOf(deps, queued.accountId)
    .findOneAndUpdate(
      {
        _id: queued.jobId,
        status: { $in: ['queued', 'running'] },
        $or: [
          { 'lease.owner': null },
          { 'lease.owner': deps.workerId },
          { 'lease.until': { $lt: now } },
        ],
      },
      {
        $set: {
          status: 'running',
          'lease.owner': deps.workerId,
          'lease.until': new Date(now.getTime() + deps.leaseMs),
        },
        $inc: { deliveries: 1 },
        $push: { workers: deps.workerId },
      },
    )
    .lean<SyncJobDocument>();
  if (!claimed) {
    const job = await jobs.findById(queued.jobId).lean<SyncJobDocument>();
    if (!job || job.status === 'completed') return { done: true };
    if (job.status === 'failed') {
      // Delivered again after it failed (the replica stopped before acknowledging it): ask again
      // for the seller's message, which its id makes one message however often it is asked for.
      await askAboutFailedSync(deps, job);
      return { done: true };
    }
    // Another replica holds a live lease: look again when it runs out.
    const leaseLeft = (job.lease?.until?.getTime() ?? 0) - Date.now();
    return { done: false, retryInMs: Math.max(leaseLeft, 0) + 250 };
  }

  const run = new JobRun(deps, claimed, control);
  const heartbeat = setInterval(() => run.heartbeat(), Math.max(deps.leaseMs / 3, 200));
  try {
    await run.execute();
    return { done: true };
  } catch (error) {
    if (error instanceof Released) return { done: false, retryInMs: 0 };
    if (error instanceof JobFailed) {
      await run.fail(error.message, error.noticeReason);
      return { done: true };
    }
    if (claimed.deliveries >= MAX_DELIVERIES) {
      deps.log.error({ err: error, jobId: queued.jobId }, 'sync job keeps failing; given up');
      await run.fail(syncMessages.ordersServiceDown, ordersUnavailableReason);
      return { done: true };
    }
    // svc-orders or the database did not answer: the job is tried again from its cursor.
    await run.releaseLease();
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}

class JobRun {
  private readonly jobs;
  private readonly id;
  private job: SyncJobDocument;
  private waitMs = 0;
  private processMs = 0;
  private pagingByOffset = false;

  constructor(
    private readonly deps: SyncDeps,
    job: SyncJobDocument,
    private readonly control: JobControl,
  ) {
    this.jobs = syncJobModel(deps.db);
    this.job = job;
    this.id = job._id;
  }

  heartbeat() {
    this.control.touch();
    void this.jobs
      .updateOne(
        { _id: this.id, 'lease.owner': this.deps.workerId },
        { $set: { 'lease.until': new Date(Date.now() + this.deps.leaseMs) } },
      )
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'lease renewal failed'));
  }

  /** A write that holds only while this replica owns the job; renews the lease with it. */
  private async update(set: Record<string, unknown>, inc: Record<string, number> = {}, extra = {}) {
    const result = await this.jobs.updateOne(
      { _id: this.id, 'lease.owner': this.deps.workerId, ...extra },
      {
        $set: { ...set, 'lease.until': new Date(Date.now() + this.deps.leaseMs) },
        ...(Object.keys(inc).length ? { $inc: inc } : {}),
      },
    );
    if (result.matchedCount === 0) throw new Released('the job was taken over');
  }

  async releaseLease() {
    await this.jobs
      .updateOne(
        { _id: this.id, 'lease.owner': this.deps.workerId },
        { $set: { 'lease.owner': null, 'lease.until': null } },
      )
      .catch(() => undefined);
  }

  async execute() {
    const { deps, job } = this;
    const connection = await connectionsOf(deps, job.accountId)
      .findById(job.connectionId)
      .lean<ConnectionDocument>();
    if (!connection || !connection.isActive || !connection.accessToken) {
      // Disconnected by the seller, or its authorisation expired (told to the seller then).
      throw new JobFailed(connection?.lastSyncError ?? syncMessages.disconnected, null);
    }
    let auth: StoreFrontAuth;
    try {
      auth = accessOf(deps, connection);
    } catch (error) {
      // The token no longer opens (the encryption key changed): only reconnecting helps.
      deps.log.error({ err: error, connectionId: job.connectionId }, 'stored token unreadable');
      await markAuthorizationExpired(deps, connection);
      throw new JobFailed(syncMessages.authExpired, null);
    }
    try {
      await this.syncPages(connection, auth);
    } catch (error) {
      if (!(error instanceof StoreFrontError)) throw error;
      if (error.kind === 'unauthorized') {
        // The seller is told by the expired authorisation's own message, not also by this one.
        await markAuthorizationExpired(deps, connection);
        throw new JobFailed(syncMessages.authExpired, null);
      }
      deps.log.warn({ err: error, jobId: String(this.id) }, 'store-front failed the sync');
      // The client has retried what deserved it: the failure is for good.
      throw new JobFailed(
        `${syncMessages.syncFailed}: ${error.message}`,
        storeFrontFailureReason(error),
      );
    }
  }

  private async syncPages(connection: ConnectionDocument, auth: StoreFrontAuth) {
    const { deps, job } = this;
    const updatedSince = job.updatedSince ?? null;
    const fresh = job.cursor.pagesDone === 0 && !job.cursor.nextUrl;
    if (fresh) {
      await this.update({ 'progress.phase': 'starting', startedAt: job.startedAt ?? new Date() });
      await this.update({ 'progress.phase': 'fetching_orders' });
      const ordersBefore = await this.countStored();
      const totalInStore = updatedSince ? await deps.client.countOrders(auth) : null;
      await this.update({
        ordersBefore,
        ...(totalInStore !== null ? { 'progress.totalOrdersInStore': totalInStore } : {}),
      });
    }

    let pageNumber = job.cursor.pagesDone + 1;
    // A resumed job continues after its last recorded page; one with none left only completes.
    const url = fresh
      ? deps.client.firstOrderPageUrl(auth, { updatedSince, pageLimit: deps.pageLimit })
      : job.cursor.nextUrl;
    let pending = url ? this.fetch(auth, url) : null;
    if (pending) {
      await this.update({
        'progress.phase': `fetching_page_${pageNumber}`,
        'progress.currentPage': pageNumber,
      });
    }

    while (pending) {
      const waitStarted = Date.now();
      const page = await pending.then((settled) => settled());
      this.waitMs += Date.now() - waitStarted;
      const nextUrl = page.next?.url ?? null;
      // Fetch the next page while this one is saved: the sync is bound by the store-front's pages.
      pending = nextUrl ? this.fetch(auth, nextUrl) : null;

      const processStarted = Date.now();
      await this.update({
        'progress.phase': `processing_batch_${pageNumber}`,
        ...(page.total !== null
          ? { 'progress.totalOrders': page.total, 'progress.ordersFound': page.total }
          : {}),
        ...(page.total !== null && !updatedSince
          ? { 'progress.totalOrdersInStore': page.total }
          : {}),
      });
      const created = await this.save(connection, page.orders);
      this.processMs += Date.now() - processStarted;
      await this.update(
        {
          'cursor.nextUrl': nextUrl,
          'cursor.pagesDone': pageNumber,
          'progress.phase': nextUrl ? `fetching_page_${pageNumber + 1}` : 'processing_orders',
          'progress.currentPage': nextUrl ? pageNumber + 1 : pageNumber,
        },
        {
          'progress.ordersProcessed':
            page.orders.length + page.errors.length + page.awaitingPayment.length,
          'progress.syncedCount': created,
          'progress.errorCount': page.errors.length,
          'progress.awaitingPaymentCount': page.awaitingPayment.length,
          'progress.pagesProcessed': 1,
          'timings.storeFrontWaitMs': this.takeWait(),
          'timings.processingMs': this.takeProcess(),
        },
        // A page is recorded once: a replay after a takeover cannot count it twice.
        { 'cursor.pagesDone': pageNumber - 1 },
      );
      this.report(page, pageNumber);
      this.control.touch();
      if (this.control.signal.aborted && pending) {
        await this.releaseLease();
        throw new Released('the replica is stopping');
      }
      pageNumber += 1;
    }
    await this.complete();
  }

  /** What the seller's sync left out of a page, and how the store-front's listing was followed. */
  private report(page: OrderPage, pageNumber: number) {
    const jobId = String(this.id);
    if (page.errors.length) {
      this.deps.log.warn({ jobId, errors: page.errors }, 'orders skipped on a page');
    }
    if (page.awaitingPayment.length) {
      this.deps.log.info(
        { jobId, orders: page.awaitingPayment },
        'orders awaiting payment left out until they are paid',
      );
    }
    if (page.next?.by === 'offset' && !this.pagingByOffset) {
      this.pagingByOffset = true;
      this.deps.log.info(
        { jobId, page: pageNumber + 1 },
        'the store-front sent no next link while its count says more orders remain; paging by offset',
      );
    }
  }

  private takeWait() {
    const value = this.waitMs;
    this.waitMs = 0;
    return value;
  }

  private takeProcess() {
    const value = this.processMs;
    this.processMs = 0;
    return value;
  }

  /**
   * Starts fetching a page and settles its outcome into a thunk, so a prefetched page that fails
   * while the previous one is being saved is not an unhandled rejection.
   */
  private fetch(auth: StoreFrontAuth, url: string): Promise<() => OrderPage> {
    return this.deps.client.fetchOrderPage(auth, url).then(
      (page) => () => page,
      (error: unknown) => () => {
        throw error;
      },
    );
  }

  private countStored() {
    return requestCommand(this.deps.nats, countStoreFrontOrders, {
      accountId: this.job.accountId,
      connectionId: this.job.connectionId,
    }).then((answer) => answer.count);
  }

  private async save(connection: ConnectionDocument, orders: StoreFrontOrder[]) {
    let created = 0;
    for (let start = 0; start < orders.length; start += UPSERT_BATCH) {
      const answer = await requestCommand(
        this.deps.nats,
        upsertStoreFrontOrders,
        {
          accountId: connection.accountId,
          connectionId: String(connection._id),
          orders: orders.slice(start, start + UPSERT_BATCH),
        },
        ORDERS_TIMEOUT_MS,
      );
      created += answer.created;
    }
    return created;
  }

  private async complete() {
    const current = await this.jobs.findById(this.id).lean<SyncJobDocument>();
    if (!current) throw new Released('the job was deleted');
    // New orders are counted as the growth of the connection's stored orders, which stays exact
    // when a page was saved twice (a replica died between saving it and recording it).
    const after = await this.countStored();
    const syncedCount =
      current.ordersBefore === null || current.ordersBefore === undefined
        ? current.progress.syncedCount
        : Math.max(0, after - current.ordersBefore);
    const finishedAt = new Date();
    const result = await this.jobs.updateOne(
      { _id: this.id, 'lease.owner': this.deps.workerId },
      {
        $set: {
          status: 'completed',
          'progress.phase': 'completed',
          'progress.syncedCount': syncedCount,
          ...this.listedCounts(current),
          finishedAt,
          'lease.owner': null,
          'lease.until': null,
        },
        $unset: { activeKey: 1 },
      },
    );
    if (result.matchedCount === 0) throw new Released('the job was taken over');
    this.deps.jobMetrics.finished('completed', current, finishedAt);
    await connectionsOf(this.deps, current.accountId).updateOne(
      { _id: current.connectionId },
      {
        $set: {
          lastSyncAt: finishedAt,
          lastSyncError: null,
          syncedThrough: current.createdAt,
          ...(current.kind === 'full' ? { mappedWith: ORDER_MAPPING_VERSION } : {}),
        },
      },
    );
  }

  /**
   * The totals of a listing that ended before the store-front's count (its pages ran out, or orders
   * were removed while it was read): the orders it listed are what the seller's result reports.
   */
  private listedCounts(job: SyncJobDocument): Record<string, number> {
    const { ordersProcessed: listed, totalOrders: counted } = job.progress;
    if (listed >= counted) return {};
    this.deps.log.warn(
      { jobId: String(this.id), counted, listed },
      'the store-front listed fewer orders than it counted',
    );
    return {
      'progress.totalOrders': listed,
      'progress.ordersFound': listed,
      ...(job.updatedSince ? {} : { 'progress.totalOrdersInStore': listed }),
    };
  }

  /**
   * Ends the job as failed and asks for the seller's message. The reason is stored with the failure
   * (one write), so should asking fail or this replica stop first, the job's next delivery finds
   * it failed and asks again.
   */
  async fail(message: string, noticeReason: string | null) {
    const finishedAt = new Date();
    const failed = await this.jobs
      .findOneAndUpdate(
        { _id: this.id },
        {
          $set: {
            status: 'failed',
            'progress.phase': 'failed',
            error: message,
            noticeReason,
            finishedAt,
            'lease.owner': null,
            'lease.until': null,
          },
          $unset: { activeKey: 1 },
        },
        { projection: { startedAt: 1, createdAt: 1 } },
      )
      .lean<Pick<SyncJobDocument, 'startedAt' | 'createdAt'>>();
    this.deps.jobMetrics.finished('failed', failed ?? this.job, finishedAt);
    await connectionsOf(this.deps, this.job.accountId).updateOne(
      { _id: this.job.connectionId },
      { $set: { lastSyncError: message } },
    );
    await askAboutFailedSync(this.deps, { ...this.job, noticeReason });
  }
}
