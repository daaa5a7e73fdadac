import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkMessages, type BulkJob } from '@onvelope/contracts';
import { connectDatabase } from '@onvelope/service-kit';
import {
  startService,
  startTestIssuer,
  testInfra,
  type StartedService,
  type TestIssuer,
} from '@onvelope/testkit';
import { bulkJobModel } from '../src/data/bulk-job.model.js';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';
import { startOrdersService } from '../src/index.js';
import { csvOf, uploadCsv, type CsvOrder } from './support.js';

interface Answer {
  status: number;
  // JSON of many shapes: each test states the shape it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

describe('bulk actions', () => {
  let issuer: TestIssuer;
  let orders: StartedService;
  let db: Connection;
  let tokenA: string;
  let tokenB: string;
  let seq = 0;
  const accountA = 'bulk-seller-a';

  beforeAll(async () => {
    issuer = await startTestIssuer({ natsUrl: testInfra().natsUrl });
    orders = await startService(startOrdersService, { AUTH_JWKS_URL: issuer.url });
    db = await connectDatabase(testInfra().mongoUrl, orders.env.MONGO_DB as string);
    tokenA = await issuer.merchantToken(accountA);
    tokenB = await issuer.merchantToken('bulk-seller-b');
  });
  afterAll(async () => {
    await orders?.close();
    await db?.close();
    await issuer?.close();
  });

  async function call(
    method: string,
    path: string,
    body?: unknown,
    token: string = tokenA,
  ): Promise<Answer> {
    const response = await fetch(`${orders.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  /** Imports `count` new orders for the seller, each with a unique prefix; answers their numbers. */
  async function importOrders(count: number, token = tokenA, extra: Partial<CsvOrder> = {}) {
    const prefix = `B${(seq += 1)}-`;
    const numbers = Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);
    const response = await uploadCsv(
      orders.url,
      token,
      csvOf(numbers.map((orderNumber) => ({ orderNumber, ...extra }))),
    );
    expect(response.status).toBe(200);
    return numbers;
  }

  const read = (orderNumber: string, accountId = accountA) =>
    trackingEntryModel(db).findOne({ accountId, orderNumber }).lean();

  async function finished(jobId: string, token = tokenA): Promise<BulkJob> {
    let job: BulkJob | undefined;
    await expect
      .poll(
        async () => {
          job = (await call('GET', `/api/upload/bulk-jobs/${jobId}`, undefined, token)).body.job;
          return job?.status;
        },
        { timeout: 150_000, interval: 100 },
      )
      .not.toBe('running');
    return job as BulkJob;
  }

  async function run(body: unknown, token = tokenA) {
    const started = await call('POST', '/api/upload/bulk-jobs', body, token);
    expect(started.status).toBe(202);
    return finished(started.body.job.id, token);
  }

  const outcomes = async (jobId: string, query = '') =>
    (await call('GET', `/api/upload/bulk-jobs/${jobId}/outcomes${query}`)).body;

  it('ships the selected orders from a pasted list, skipping one already shipped', async () => {
    const [first, second, third] = await importOrders(3);
    await call('PUT', `/api/bigcartel/orders/${third}/shipped`, {
      courier: 'DHL',
      trackingNumber: 'EARLIER',
    });
    const body = {
      selection: { kind: 'orders', orderNumbers: [first, second, third] },
      action: {
        kind: 'ship',
        courier: 'Royal Mail',
        trackingList: `order number,tracking number\n${first}, AB111111111GB\n${second}\tAB222222222GB\n${third},AB333333333GB\n`,
      },
    };
    expect(
      await call('POST', '/api/upload/bulk-jobs/count', { selection: body.selection }),
    ).toEqual({
      status: 200,
      body: { count: 3 },
    });

    const job = await run(body);
    expect(job).toMatchObject({
      action: 'ship',
      status: 'done',
      total: 3,
      processed: 3,
      done: 2,
      skipped: 1,
      message: 'Shipped 2 orders; 1 skipped.',
    });
    expect(await read(first!)).toMatchObject({
      status: 'shipped',
      courier: 'Royal Mail',
      trackingNumber: 'AB111111111GB',
    });
    expect(await read(second!)).toMatchObject({ trackingNumber: 'AB222222222GB' });
    expect(await read(third!)).toMatchObject({ trackingNumber: 'EARLIER' });
    // As when one order is shipped: the history says the seller did it.
    const history = await call('GET', `/api/upload/tracking-entries/${first}/history`);
    expect(history.body.history[0]).toMatchObject({ by: 'seller' });
    expect(await outcomes(job.id, '?outcome=skipped')).toEqual({
      outcomes: [
        { orderNumber: third, outcome: 'skipped', reason: `Order ${third} is already shipped` },
      ],
      total: 1,
    });
  });

  it('refuses a pasted list with bad lines, naming each line', async () => {
    const answer = await call('POST', '/api/upload/bulk-jobs', {
      selection: { kind: 'orders', orderNumbers: ['X1'] },
      action: { kind: 'ship', courier: 'DHL', trackingList: 'X1\nX2,T2\nX2,T3' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details.map((detail: { message: string }) => detail.message)).toEqual([
      'Line 1: no tracking number for order X1',
      'Line 3: order X2 is already on line 2',
    ]);
    const empty = await call('POST', '/api/upload/bulk-jobs', {
      selection: { kind: 'orders', orderNumbers: ['X1'] },
      action: { kind: 'ship', courier: 'DHL' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.details[0].message).toBe(bulkMessages.listRequired);
  });

  it('skips a selected order without a tracking number in the list', async () => {
    const [first, second] = await importOrders(2);
    const job = await run({
      selection: { kind: 'orders', orderNumbers: [first, second] },
      action: {
        kind: 'ship',
        courier: 'DHL',
        trackingNumbers: [{ orderNumber: first, trackingNumber: 'D1' }],
      },
    });
    expect(job).toMatchObject({ done: 1, skipped: 1 });
    expect((await outcomes(job.id, '?outcome=skipped')).outcomes[0].reason).toBe(
      bulkMessages.noTracking(second!),
    );
  });

  it('deletes every order matching the filter, counted first, leaving the rest', async () => {
    const cancelled = await importOrders(3, tokenA, { status: 'cancelled' });
    const body = {
      selection: { kind: 'matching', filter: { status: 'cancelled', omitShipped: true } },
      action: { kind: 'delete' },
    };
    expect(
      (await call('POST', '/api/upload/bulk-jobs/count', { selection: body.selection })).body,
    ).toEqual({ count: 3 });
    const job = await run(body);
    expect(job).toMatchObject({ action: 'delete', total: 3, done: 3, skipped: 0 });
    expect(job.message).toBe('Deleted 3 orders.');
    for (const orderNumber of cancelled) expect(await read(orderNumber)).toBeNull();
    expect(await trackingEntryModel(db).countDocuments({ accountId: accountA })).toBeGreaterThan(0);
  });

  it('selects what the search box finds with a term', async () => {
    const found = await importOrders(2, tokenA, { firstName: 'Zebedee' });
    await importOrders(2);
    const body = {
      selection: { kind: 'matching', filter: { q: 'zebedee', status: 'all' } },
      action: { kind: 'delete' },
    };
    expect(
      (await call('POST', '/api/upload/bulk-jobs/count', { selection: body.selection })).body,
    ).toEqual({ count: 2 });
    const job = await run(body);
    expect(
      (await outcomes(job.id)).outcomes.map((o: { orderNumber: string }) => o.orderNumber),
    ).toEqual(found);
  });

  it("never reaches another seller's orders or jobs", async () => {
    const [mine] = await importOrders(1);
    const [theirs] = await importOrders(1, tokenB, { status: 'cancelled' });
    // B names A's order: B has none by that number, so it is skipped and A's stays.
    const job = await run(
      { selection: { kind: 'orders', orderNumbers: [mine] }, action: { kind: 'delete' } },
      tokenB,
    );
    expect(job).toMatchObject({ done: 0, skipped: 1 });
    expect(await read(mine!)).not.toBeNull();
    // A's "all cancelled" leaves B's cancelled order alone.
    await run({
      selection: { kind: 'matching', filter: { status: 'cancelled', omitShipped: false } },
      action: { kind: 'delete' },
    });
    expect(await read(theirs!, 'bulk-seller-b')).not.toBeNull();
    expect(await call('GET', `/api/upload/bulk-jobs/${job.id}`)).toEqual({
      status: 404,
      body: { error: bulkMessages.notFound },
    });
    expect((await call('GET', `/api/upload/bulk-jobs/${job.id}/outcomes`)).status).toBe(404);
  });

  it('runs one bulk action at a time per seller', async () => {
    const numbers = await importOrders(300, tokenA, { status: 'processing' });
    const body = {
      selection: { kind: 'matching', filter: { status: 'processing', omitShipped: true } },
      action: { kind: 'delete' },
    };
    const first = await call('POST', '/api/upload/bulk-jobs', body);
    const second = await call('POST', '/api/upload/bulk-jobs', body);
    expect(second).toEqual({
      status: 409,
      body: { error: bulkMessages.alreadyRunning },
    });
    expect(await finished(first.body.job.id)).toMatchObject({ done: numbers.length });
  }, 120_000);

  it('resumes after a restart mid-job without shipping or counting an order twice', async () => {
    const numbers = await importOrders(600, tokenA, { status: 'processing' });
    const list = numbers.map((n, i) => `${n},RS${String(i).padStart(6, '0')}`).join('\n');
    const started = await call('POST', '/api/upload/bulk-jobs', {
      selection: { kind: 'matching', filter: { status: 'processing', omitShipped: true } },
      action: { kind: 'ship', courier: 'DHL', trackingList: list },
    });
    const jobId = started.body.job.id as string;
    await expect
      .poll(async () => (await bulkJobModel(db).findById(jobId).lean())?.processed, {
        interval: 20,
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    await orders.close();
    const stopped = await bulkJobModel(db).findById(jobId).lean();
    expect(stopped).toMatchObject({ status: 'running' });
    expect(stopped!.processed).toBeLessThan(600);

    orders = await startService(startOrdersService, {
      AUTH_JWKS_URL: issuer.url,
      MONGO_DB: orders.env.MONGO_DB,
    });
    const job = await finished(jobId);
    expect(job).toMatchObject({ status: 'done', total: 600, processed: 600, done: 600 });
    expect((await outcomes(jobId, '?limit=1')).total).toBe(600);
    const shipped = await trackingEntryModel(db)
      .find({ accountId: accountA, orderNumber: { $in: numbers } })
      .select({ version: 1, status: 1 })
      .lean();
    // Imported (version 1), shipped once (version 2).
    expect(shipped.filter((o) => o.status === 'shipped' && o.version === 2)).toHaveLength(600);
  }, 180_000);

  it('counts an order the job shipped just before it stopped as done, not skipped', async () => {
    const [reached, notYet] = await importOrders(2);
    // The instance that shipped `reached` died before it recorded the outcome.
    await call('PUT', `/api/bigcartel/orders/${reached}/shipped`, {
      courier: 'DHL',
      trackingNumber: 'LEFT1',
    });
    const long = new Date(Date.now() - 10 * 60_000);
    const { insertedId } = await bulkJobModel(db).collection.insertOne({
      accountId: accountA,
      runningKey: accountA,
      leaseToken: 'a lost instance',
      status: 'running',
      action: 'ship',
      courier: 'DHL',
      trackingNumbers: [
        { orderNumber: reached, trackingNumber: 'LEFT1' },
        { orderNumber: notYet, trackingNumber: 'LEFT2' },
      ],
      orderNumbers: [reached, notYet],
      position: 2,
      resumeAfter: null,
      batch: [reached, notYet],
      total: 2,
      processed: 0,
      done: 0,
      skipped: 0,
      message: null,
      finishedAt: null,
      createdAt: long,
      updatedAt: long,
    });
    await orders.close();
    orders = await startService(startOrdersService, {
      AUTH_JWKS_URL: issuer.url,
      MONGO_DB: orders.env.MONGO_DB,
    });
    const job = await finished(String(insertedId));
    expect(job).toMatchObject({ status: 'done', processed: 2, done: 2, skipped: 0 });
    expect(await read(notYet!)).toMatchObject({ status: 'shipped', trackingNumber: 'LEFT2' });
  });
});
