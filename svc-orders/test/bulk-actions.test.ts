import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bulkMessages, type BulkJob } from '@onvelope/contracts';
import { bulkJobModel } from '../src/data/bulk-job.model.js';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';
import { reportColumns } from '../src/export/report-columns.js';
import { useOrdersHarness } from './service-harness.js';
import { csvOf, uploadCsv, type CsvOrder } from './support.js';

describe('bulk actions', () => {
  const orders = useOrdersHarness();
  let tokenA: string;
  let tokenB: string;
  let seq = 0;
  const accountA = 'bulk-seller-a';

  beforeAll(async () => {
    tokenA = await orders.issuer.merchantToken(accountA);
    tokenB = await orders.issuer.merchantToken('bulk-seller-b');
  });

  const call = (method: string, path: string, body?: unknown, token: string = tokenA) =>
    orders.call(method, path, { token, body });

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
    trackingEntryModel(orders.db).findOne({ accountId, orderNumber }).lean();

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
    expect(
      await trackingEntryModel(orders.db).countDocuments({ accountId: accountA }),
    ).toBeGreaterThan(0);
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
      .poll(async () => (await bulkJobModel(orders.db).findById(jobId).lean())?.processed, {
        interval: 20,
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    await orders.service.close();
    const stopped = await bulkJobModel(orders.db).findById(jobId).lean();
    expect(stopped).toMatchObject({ status: 'running' });
    expect(stopped!.processed).toBeLessThan(600);

    await orders.startAgain();
    const job = await finished(jobId);
    expect(job).toMatchObject({ status: 'done', total: 600, processed: 600, done: 600 });
    expect((await outcomes(jobId, '?limit=1')).total).toBe(600);
    const shipped = await trackingEntryModel(orders.db)
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
    const { insertedId } = await bulkJobModel(orders.db).collection.insertOne({
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
    await orders.service.close();
    await orders.startAgain();
    const job = await finished(String(insertedId));
    expect(job).toMatchObject({ status: 'done', processed: 2, done: 2, skipped: 0 });
    expect(await read(notYet!)).toMatchObject({ status: 'shipped', trackingNumber: 'LEFT2' });
  });
  /** POSTs a bulk export; answers the status, headers and bytes. */
  async function exportSelection(body: unknown, token = tokenA) {
    const response = await fetch(`${orders.url}/api/upload/bulk-export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  /** The order numbers of an exported CSV, its header checked to be the report's. */
  function orderNumbersOfCsv(bytes: Buffer): string[] {
    const [header, ...lines] = bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe(reportColumns.map((column) => column.header).join(','));
    return lines.map((line) => line.split(',')[0] as string);
  }

  it('exports exactly the ticked orders, with the report’s columns, in each format', async () => {
    const [first, second, third] = await importOrders(3, tokenA, { firstName: 'Exportia' });
    const selection = { kind: 'orders', orderNumbers: [first, third, 'NO-SUCH-ORDER'] };
    const csv = await exportSelection({ selection, format: 'csv' });
    expect(csv.response.status).toBe(200);
    expect(csv.response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="onvelope-selection-\d{8}-\d{6}\.csv"$/,
    );
    // Newest first, as the report; the order not ticked is not there.
    expect(orderNumbersOfCsv(csv.bytes).sort()).toEqual([first, third].sort());
    expect(csv.bytes.toString('utf8')).toContain(
      `${first},Exportia,Lovelace,ada@example.com,pending`,
    );
    expect(csv.bytes.toString('utf8')).not.toContain(`${second},`);

    const xlsx = await exportSelection({ selection, format: 'xlsx' });
    expect(xlsx.response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const column = sheet.getColumn(1).values.slice(2).map(String);
    expect(column.sort()).toEqual([first, third].sort());

    const pdf = await exportSelection({ selection, format: 'pdf' });
    expect(pdf.response.status).toBe(200);
    expect(pdf.response.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('exports every order matching the filter or the search, and refuses a bad format', async () => {
    const found = await importOrders(3, tokenA, { firstName: 'Quixotica' });
    await importOrders(2);
    const csv = await exportSelection({
      selection: { kind: 'matching', filter: { q: 'quixotica', status: 'all' } },
      format: 'csv',
    });
    expect(orderNumbersOfCsv(csv.bytes)).toEqual([...found].reverse());
    const refused = await exportSelection({
      selection: { kind: 'orders', orderNumbers: [found[0]] },
      format: 'docx',
    });
    expect(refused.response.status).toBe(400);
  });

  it("exports nothing of another seller's, by order number or by filter", async () => {
    const [theirs] = await importOrders(1, tokenB, { status: 'cancelled', firstName: 'Bee' });
    const named = await exportSelection({
      selection: { kind: 'orders', orderNumbers: [theirs] },
      format: 'csv',
    });
    expect(orderNumbersOfCsv(named.bytes)).toEqual([]);
    const matching = await exportSelection({
      selection: { kind: 'matching', filter: { status: 'cancelled', omitShipped: false } },
      format: 'csv',
    });
    expect(orderNumbersOfCsv(matching.bytes)).not.toContain(theirs);
    expect(matching.bytes.toString('utf8')).not.toContain('Bee');
  });

  /** Imports orders with an Items column; answers their numbers. */
  async function importWithItems(
    rows: { items: string; status?: string }[],
    token = tokenA,
  ): Promise<string[]> {
    const prefix = `R${(seq += 1)}-`;
    const numbers = rows.map((_, i) => `${prefix}${i + 1}`);
    const csv = [
      'orderNumber,firstName,lastName,email,postcode,status,items',
      ...rows.map(
        (row, i) =>
          `${numbers[i]},Ada,Lovelace,ada@example.com,SW1A 1AA,${row.status ?? 'pending'},${row.items}`,
      ),
    ].join('\n');
    expect((await uploadCsv(orders.url, token, `${csv}\n`)).status).toBe(200);
    return numbers;
  }

  async function createRule(body: unknown, token = tokenA): Promise<string> {
    const created = await call('POST', '/api/keyword-rules', body, token);
    expect(created.status).toBe(201);
    return created.body.rule.id;
  }

  it('applies one rule to the selected orders, counted first, keeping other rules’ messages', async () => {
    const [gift, plain, shipped, carried, unselected] = await importWithItems([
      { items: 'Gift card' },
      { items: 'Mug' },
      { items: 'Gift card', status: 'shipped' },
      { items: 'Gift card; Poster' },
      { items: 'Gift card' },
    ]);
    // Another rule gave `carried` its message before the one applied here existed.
    const poster = await createRule({
      keyword: 'poster',
      action: 'add_message',
      customMessage: 'Poster tube',
    });
    await call('POST', '/api/keyword-rules/apply', {});
    await expect.poll(async () => (await read(carried!))?.keywordMessage).toBe('Poster tube');
    await call('DELETE', `/api/keyword-rules/${poster}`);
    const ruleId = await createRule({
      keyword: 'gift',
      action: 'working_through_orders',
      customMessage: 'Gift wrapped',
    });
    const selection = { kind: 'orders', orderNumbers: [gift, plain, shipped, carried] };

    expect((await call('POST', '/api/upload/bulk-jobs/count', { selection, ruleId })).body).toEqual(
      {
        count: 4,
        changes: 2,
      },
    );
    const job = await run({ selection, action: { kind: 'apply_rule', ruleId } });
    expect(job).toMatchObject({
      action: 'apply_rule',
      status: 'done',
      total: 4,
      processed: 4,
      done: 2,
      skipped: 2,
      message: "Applied rule 'gift' to 2 orders; 2 skipped.",
    });
    expect(await read(gift!)).toMatchObject({
      status: 'processing',
      keywordMessage: 'Gift wrapped',
      statusRule: { id: ruleId, keyword: 'gift' },
    });
    expect(await read(carried!)).toMatchObject({
      status: 'processing',
      keywordMessage: 'Poster tube | Gift wrapped',
    });
    expect(await read(plain!)).toMatchObject({ status: 'pending', keywordMessage: null });
    expect(await read(shipped!)).toMatchObject({ status: 'shipped', keywordMessage: null });
    expect(await read(unselected!)).toMatchObject({ status: 'pending', keywordMessage: null });
    expect((await outcomes(job.id, '?outcome=skipped')).outcomes).toEqual([
      { orderNumber: plain, outcome: 'skipped', reason: bulkMessages.ruleNoMatch(plain!, 'gift') },
      {
        orderNumber: shipped,
        outcome: 'skipped',
        reason: bulkMessages.ruleSettled(shipped!, 'shipped'),
      },
    ]);
    // The history says the rules did it.
    const history = await call('GET', `/api/upload/tracking-entries/${gift}/history`);
    expect(history.body.history[0]).toMatchObject({ by: 'rule' });

    // Applied again: nothing left to change.
    expect((await call('POST', '/api/upload/bulk-jobs/count', { selection, ruleId })).body).toEqual(
      {
        count: 4,
        changes: 0,
      },
    );
    const again = await run({ selection, action: { kind: 'apply_rule', ruleId } });
    expect(again).toMatchObject({ done: 0, skipped: 4 });
    expect((await outcomes(again.id, '?outcome=skipped')).outcomes[0].reason).toBe(
      bulkMessages.ruleUnchanged(gift!),
    );
  });

  it("never applies another seller's rule, nor a rule to another seller's orders", async () => {
    const [theirs] = await importWithItems([{ items: 'Gift card' }], tokenB);
    const ruleId = await createRule({
      keyword: 'gift',
      action: 'add_message',
      customMessage: 'Gift note',
    });
    const selection = { kind: 'orders', orderNumbers: [theirs] };
    // B names A's rule: it is not B's.
    expect(
      await call(
        'POST',
        '/api/upload/bulk-jobs',
        { selection, action: { kind: 'apply_rule', ruleId } },
        tokenB,
      ),
    ).toEqual({ status: 404, body: { error: bulkMessages.ruleNotFound } });
    expect(
      (await call('POST', '/api/upload/bulk-jobs/count', { selection, ruleId }, tokenB)).status,
    ).toBe(404);
    // A applies their rule to B's order number: A has no such order.
    expect((await call('POST', '/api/upload/bulk-jobs/count', { selection, ruleId })).body).toEqual(
      {
        count: 0,
        changes: 0,
      },
    );
    const job = await run({ selection, action: { kind: 'apply_rule', ruleId } });
    expect(job).toMatchObject({ done: 0, skipped: 1 });
    expect(await read(theirs!, 'bulk-seller-b')).toMatchObject({ keywordMessage: null });
  });

  // A rule is applied 200 orders to a bulk write, much faster than orders are shipped: enough
  // batches that the service is stopped part-way.
  const APPLY_RESTART_ORDERS = 3_000;

  it('resumes an apply-rule job after a restart without changing an order twice', async () => {
    const numbers = await importWithItems(
      Array.from({ length: APPLY_RESTART_ORDERS }, () => ({
        items: 'Resume mug',
        status: 'processing',
      })),
    );
    const ruleId = await createRule({
      keyword: 'resume mug',
      action: 'add_message',
      customMessage: 'Handle with care',
    });
    const started = await call('POST', '/api/upload/bulk-jobs', {
      selection: { kind: 'matching', filter: { q: 'resume mug', status: 'processing' } },
      action: { kind: 'apply_rule', ruleId },
    });
    expect(started.status).toBe(202);
    const jobId = started.body.job.id as string;
    await expect
      .poll(async () => (await bulkJobModel(orders.db).findById(jobId).lean())?.processed, {
        interval: 20,
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    await orders.service.close();
    const stopped = await bulkJobModel(orders.db).findById(jobId).lean();
    expect(stopped).toMatchObject({ status: 'running' });
    expect(stopped!.processed).toBeLessThan(APPLY_RESTART_ORDERS);

    await orders.startAgain();
    const job = await finished(jobId);
    expect(job).toMatchObject({
      status: 'done',
      total: APPLY_RESTART_ORDERS,
      processed: APPLY_RESTART_ORDERS,
      done: APPLY_RESTART_ORDERS,
      skipped: 0,
    });
    const changed = await trackingEntryModel(orders.db)
      .find({ accountId: accountA, orderNumber: { $in: numbers } })
      .select({ version: 1, keywordMessage: 1 })
      .lean();
    // Imported (version 1), the rule applied once (version 2).
    expect(
      changed.filter((o) => o.keywordMessage === 'Handle with care' && o.version === 2),
    ).toHaveLength(APPLY_RESTART_ORDERS);
  }, 180_000);
});
