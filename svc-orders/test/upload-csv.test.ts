import { setTimeout } from 'node:timers/promises';
import { jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getCustomerEmail,
  ordersMessages,
  trackingEntryUpserted,
  type PayloadOf,
  type TrackingEntry,
  type UploadResult,
} from '@onvelope/contracts';
import { createLogger } from '@onvelope/service-kit/observability';
import { serveCommand } from '@onvelope/service-kit/nats';
import { startService } from '@onvelope/testkit';
import { startInfra, type Infra } from '@onvelope/infra';
import { outboxBacklog } from '../src/data/tracking-entry-outbox.js';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';
import { startOrdersService } from '../src/index.js';
import { BESIDE_CALLS_MS } from '../src/import/import-csv.js';
import { importMessages } from '../src/import/row-report.js';
import { startOrdersHarness, type OrdersHarness } from './service-harness.js';
import { csvLine, csvOf, requiredHeader, sellerOf, uploadCsv, type Caller } from './support.js';

describe('POST /api/upload/csv', () => {
  let nats: Infra<'nats'>;
  let orders: OrdersHarness;
  let seller: Caller;
  let account = 0;

  /**
   * The upserted events `action` published, read from the ORDERS stream once the service's outbox
   * has relayed everything.
   */
  const eventsDuring = async (action: () => Promise<unknown>) => {
    const jsm = await jetstreamManager(orders.nc);
    const stream = trackingEntryUpserted.stream.name;
    const lastSeq = async () => (await jsm.streams.info(stream)).state.last_seq;
    const before = await lastSeq();
    await action();
    await expect
      .poll(async () => (await outboxBacklog(orders.db)).pending, { timeout: 30_000 })
      .toBe(0);
    const events: PayloadOf<typeof trackingEntryUpserted>[] = [];
    for (let seq = before + 1; seq <= (await lastSeq()); seq += 1) {
      const message = (await jsm.streams.getMessage(stream, { seq }))!;
      if (message.subject === trackingEntryUpserted.subject) events.push(message.json());
    }
    return events;
  };

  /**
   * Answers svc-auth's question for a buyer's email (none known) `ms` after it is asked, until
   * unsubscribed; `asked` and `answering` are told when. Resolves once the server has the
   * subscription: a question sent before that finds no one to answer it (and a test waiting to
   * hear it was asked waited out its timeout, ci66).
   */
  const answerBuyerEmailAfter = async (
    ms: number,
    { asked, answering }: { asked?: () => void; answering?: () => void } = {},
  ) => {
    const answers = serveCommand(
      orders.nc,
      getCustomerEmail,
      'upload-csv-test',
      async () => {
        asked?.();
        await setTimeout(ms);
        answering?.();
        return { email: null, isVerified: false };
      },
      createLogger('upload-csv-test', 'silent'),
    );
    await orders.nc.flush();
    return answers;
  };

  /** A seller of their own, so tests do not see each other's orders. */
  const newSeller = async () => orders.seller(`upload-${(account += 1)}`);
  const entryOf = async (caller: Caller, orderNumber: string): Promise<TrackingEntry> => {
    const response = await caller.get(`/api/upload/search?q=${encodeURIComponent(orderNumber)}`);
    const { results } = (await response.json()) as { results: TrackingEntry[] };
    const entry = results.find((result) => result.orderNumber === orderNumber);
    if (!entry) throw new Error(`order ${orderNumber} not found`);
    return entry;
  };

  beforeAll(async () => {
    // A NATS of this file's own: its imports publish tens of thousands of events, which would
    // otherwise stay on the ORDERS stream of this worker's NATS account, where the durable
    // consumers of test files run later in the same worker (svc-analytics) would replay them all.
    nats = await startInfra({
      parts: ['nats'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ONVELOPE_CACHE: process.env.ONVELOPE_CACHE,
      },
      log: () => undefined,
    });
    orders = await startOrdersHarness({ natsUrl: nats.natsUrl });
    seller = await newSeller();
  });
  afterAll(async () => {
    await orders?.stop();
    await nats?.stop();
  });

  it('imports every row of a well-formed file and answers the upload result', async () => {
    const caller = await newSeller();
    const response = await caller.upload(
      csvOf([
        { orderNumber: '1001', status: 'pending' },
        { orderNumber: '1002', status: 'Shipped', courier: 'DPD', trackingNumber: 'DPD1' },
      ]),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      totalRows: 2,
      successfulRows: 2,
      skippedRows: 0,
      failedRows: 0,
      message: 'Processed 2 rows: 2 imported (2 new, 0 updated), 0 skipped, 0 failed.',
      warnings: [],
      errors: [],
      assumptions: [],
    } satisfies UploadResult);
    expect(await entryOf(caller, '1002')).toMatchObject({
      status: 'shipped',
      courier: 'DPD',
      trackingNumber: 'DPD1',
      customerName: 'Ada Lovelace',
      source: 'csv',
    });
  });

  it("refuses a file that is not a table of orders by its type or name with the spec's words", async () => {
    const response = await seller.upload('hello', {
      filename: 'orders.pdf',
      type: 'application/pdf',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: ordersMessages.invalidFileType });
  });

  it('accepts a .csv name whatever type the browser sends, and text/csv whatever the name', async () => {
    const caller = await newSeller();
    const byName = await caller.upload(csvOf([{ orderNumber: 'N1' }]), {
      type: 'application/vnd.ms-excel',
    });
    const byType = await caller.upload(csvOf([{ orderNumber: 'N2' }]), { filename: 'export' });
    expect([byName.status, byType.status]).toEqual([200, 200]);
  });

  it('refuses a 0-byte file as empty', async () => {
    const response = await seller.upload('');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'The CSV file is empty' });
  });

  it('refuses a file with a header and no orders', async () => {
    const response = await seller.upload(`${requiredHeader}\r\n\r\n`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'The CSV file has a header row but no orders' });
  });

  it('names every required column the header lacks, and no optional one (issues 38, 39)', async () => {
    const response = await seller.upload('Reference,Postcode,Tracking Number\n1,SW1A 1AA,T1\n');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; details: { path: string }[] };
    expect(body.error).toBe(
      'The CSV file is missing required columns: orderNumber, email or buyer name',
    );
    expect(body.details.map((detail) => detail.path)).toEqual(['orderNumber', 'email']);
  });

  it("refuses a malformed file (a quote never closed) with 'FAILED TO PARSE CSV FILE'", async () => {
    const response = await seller.upload(
      `${requiredHeader}\n"9001,Ada,Lovelace,a@b.co,X,pending,,,\n9002,B,C,d@e.co,Y,pending,,,\n`,
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; details: { message: string }[] };
    expect(body.error).toBe(ordersMessages.parseFailed);
    expect(body.details[0]?.message).toBe('Row 2: a quoted field is opened and never closed');
  });

  it("refuses a broken workbook, binary data and text that mixes encodings with 'FAILED TO PARSE CSV FILE'", async () => {
    const binary = await seller.upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x0a]));
    const nul = await seller.upload(Buffer.from(`${requiredHeader}\n1,\0\0,X\n`));
    const mixed = await seller.upload(
      Buffer.concat([
        Buffer.from(`${requiredHeader}\n1,Zoë,X,a@b.co,X,pending,,,\n2,Ren`),
        Buffer.from([0xe9]),
        Buffer.from(',X,a@b.co,X,pending,,,\n'),
      ]),
    );
    expect(await binary.json()).toMatchObject({
      error: ordersMessages.parseFailed,
      details: [{ message: importMessages.unreadableWorkbook }],
    });
    expect(await nul.json()).toMatchObject({
      error: ordersMessages.parseFailed,
      details: [{ message: importMessages.binary }],
    });
    expect(await mixed.json()).toMatchObject({
      error: ordersMessages.parseFailed,
      details: [{ message: importMessages.notUtf8 }],
    });
  });

  it('reads a Windows-1252 (Latin-1) file as such, and says so (issue 39)', async () => {
    const caller = await newSeller();
    const response = await caller.upload(
      Buffer.concat([
        Buffer.from(`${requiredHeader}\n1,Ren`),
        Buffer.from([0xe9]),
        Buffer.from(',Dupr'),
        Buffer.from([0xe9]),
        Buffer.from(',a@b.co,X,pending,,,\n'),
      ]),
    );
    const body = (await response.json()) as UploadResult;
    expect(body).toMatchObject({
      successfulRows: 1,
      assumptions: ['File read as Windows-1252 text, converted'],
    });
    expect(await entryOf(caller, '1')).toMatchObject({ firstName: 'René', lastName: 'Dupré' });
  });

  it('keeps the whole batches before a file breaks off, and nothing after', async () => {
    const caller = await newSeller();
    const rows = Array.from({ length: 2_500 }, (_, i) => ({ orderNumber: `B-${i}` }));
    const stored = () =>
      trackingEntryModel(orders.db).countDocuments({ accountId: caller.accountId });
    // The break (a NUL byte) comes in a piece of its own once the first batch is stored, as in a
    // long upload: a piece that holds it is refused whole, with whatever rows it also held.
    async function* fileBreakingOff() {
      yield csvOf(rows);
      await expect.poll(stored, { timeout: 10_000 }).toBe(1_000);
      yield Buffer.from([0x31, 0x00, 0x0a]);
    }
    // No call of this service in the last second, so the batches are of 1,000.
    await setTimeout(BESIDE_CALLS_MS + 100);
    const response = await caller.upload(fileBreakingOff());
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: ordersMessages.parseFailed });
    // Batches are 1,000 rows: the two whole ones are stored, the 500 rows after them never were.
    const list = await caller.get('/api/upload/tracking-entries?omitShipped=false&limit=1');
    expect(await list.json()).toMatchObject({ pagination: { total: 2_000 } });
  });

  it('writes batches of 100 orders while the service answers other calls, of 1,000 otherwise', async () => {
    const importer = await newSeller();
    const changesPerEvent = async (file: string) =>
      (await eventsDuring(() => importer.upload(file)))
        .filter(({ accountId }) => accountId === importer.accountId)
        .map(({ changes }) => changes.length);
    const file = (prefix: string) =>
      csvOf(Array.from({ length: 2_000 }, (_, i) => ({ orderNumber: `${prefix}-${i}` })));

    // No call of this service in the last second (the tests before made some).
    await setTimeout(BESIDE_CALLS_MS + 100);
    expect(await changesPerEvent(file('QUIET'))).toEqual([1_000, 1_000]);

    // A buyer keeps a call in flight throughout the next import: their query list waits on
    // svc-auth's answer, which this test gives after 100 ms each time.
    const auth = await answerBuyerEmailAfter(100);
    const buyerToken = await orders.issuer.customerToken(importer.accountId, 'buyer-1');
    const buyerStatuses: number[] = [];
    let importing = true;
    const buyer = (async () => {
      while (importing) {
        const answer = await fetch(`${orders.url}/api/order-queries/customer`, {
          headers: { authorization: `Bearer ${buyerToken}` },
        }).catch(() => undefined);
        buyerStatuses.push(answer?.status ?? 0);
        await answer?.body?.cancel();
      }
    })();
    let beside: number[];
    try {
      await setTimeout(20);
      beside = await changesPerEvent(file('BUSY'));
    } finally {
      importing = false;
      await buyer;
      auth.unsubscribe();
    }

    expect(new Set(buyerStatuses)).toEqual(new Set([200]));
    expect(beside[0]).toBe(100);
    expect(beside.length).toBeGreaterThanOrEqual(10);
    expect(beside.reduce((sum, count) => sum + count, 0)).toBe(2_000);
  });

  it('plans and writes nothing while another call is answered, nor just after its answer', async () => {
    const importer = await newSeller();
    // A buyer's call under way when the import starts: their query list waits on svc-auth, which
    // this test answers 100 ms after it is asked, noting when.
    let asked = () => {};
    const askedOnce = new Promise<void>((resolve) => (asked = resolve));
    let releasedAt = Number.POSITIVE_INFINITY;
    const auth = await answerBuyerEmailAfter(100, {
      asked,
      answering: () => (releasedAt = Date.now()),
    });
    try {
      const buyerToken = await orders.issuer.customerToken(importer.accountId, 'buyer-1');
      const buyer = fetch(`${orders.url}/api/order-queries/customer`, {
        headers: { authorization: `Bearer ${buyerToken}` },
      });
      await askedOnce;
      const upload = await importer.upload(
        csvOf(Array.from({ length: 200 }, (_, i) => ({ orderNumber: `WAIT-${i}` }))),
      );
      expect(upload.status).toBe(200);
      const answer = await buyer;
      await answer.body?.cancel();
      expect(answer.status).toBe(200);

      const stamps = await trackingEntryModel(orders.db)
        .find({ accountId: importer.accountId }, { createdAt: 1 })
        .lean<{ createdAt: Date }[]>();
      expect(stamps).toHaveLength(200);
      // Planned (and stamped) once svc-auth had answered, so after the buyer's call.
      for (const { createdAt } of stamps) {
        expect(createdAt.getTime()).toBeGreaterThanOrEqual(releasedAt);
      }
    } finally {
      auth.unsubscribe();
    }
  });

  it('refuses a request without the csvFile field', async () => {
    const response = await seller.upload(csvOf([{ orderNumber: '1' }]), { field: 'file' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "No file uploaded: send the CSV file as multipart/form-data in the field 'csvFile'",
    });
  });

  it('refuses a file over the size limit with 413, whether its length is declared or not', async () => {
    const small = await startService(startOrdersService, {
      AUTH_JWKS_URL: orders.issuer.url,
      NATS_URL: nats.natsUrl,
      CSV_UPLOAD_MAX_BYTES: String(256 * 1024),
    });
    try {
      const caller = await sellerOf(small.url, orders.issuer, 'upload-limit');
      const row = `${csvLine({ orderNumber: 'X' })}\n`;
      const rows = Math.ceil((400 * 1024) / row.length);
      const tooLarge = { error: 'The file is too large: the largest CSV file accepted is 256 KB' };

      const boundary = 'limit-boundary';
      const declared = await fetch(`${small.url}/api/upload/csv`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await orders.issuer.merchantToken('upload-limit')}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body:
          `--${boundary}\r\nContent-Disposition: form-data; name="csvFile"; filename="a.csv"\r\n` +
          `Content-Type: text/csv\r\n\r\n${requiredHeader}\n${row.repeat(rows)}\r\n--${boundary}--\r\n`,
      });
      expect(declared.status).toBe(413);
      expect(await declared.json()).toEqual(tooLarge);

      function* streamed() {
        yield `${requiredHeader}\n`;
        for (let i = 0; i < rows; i += 1) yield csvLine({ orderNumber: `X-${i}` }) + '\n';
      }
      const whileReading = await caller.upload(streamed());
      expect(whileReading.status).toBe(413);
      expect(await whileReading.json()).toEqual(tooLarge);
    } finally {
      await small.close();
    }
  });

  it('reads a BOM, semicolons, CRLF, quoted fields and the usual header spellings', async () => {
    const caller = await newSeller();
    const file =
      '\uFEFFOrder Number;First Name;last_name;E-mail;Zip;Status;Carrier;Tracking No;Tracking URL;Items;Order Date\r\n' +
      '"B-1";"Grace";"Hopper";g@navy.mil;"20500";Partially Shipped;Royal Mail;RM1;https://t.example/RM1;"Mug; large\r\nsecond line";2025-03-01\r\n' +
      'B-2;Alan;Turing;a@t.uk;Unknown;processing;;;;;3/14/2025\r\n';
    const response = await caller.upload(file);
    expect(await response.json()).toMatchObject({
      successfulRows: 2,
      failedRows: 0,
      // Spec 000 §3: 'Unknown' is no postcode, so B-2's buyer cannot look it up.
      warnings: [
        {
          row: 3,
          message:
            'No postcode: the buyer cannot look this order up on the tracking page until it has one',
        },
      ],
    });
    expect(await entryOf(caller, 'B-1')).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'g@navy.mil',
      postcode: '20500',
      status: 'partially_shipped',
      courier: 'Royal Mail',
      trackingUrl: 'https://t.example/RM1',
      items: 'Mug; large\r\nsecond line',
      orderDate: '2025-03-01T00:00:00.000Z',
    });
    expect(await entryOf(caller, 'B-2')).toMatchObject({
      postcode: null,
      orderDate: '2025-03-14T00:00:00.000Z',
    });
  });

  it('reads a tab-separated file with optional columns', async () => {
    const caller = await newSeller();
    const file =
      'order_number\tfirst_name\tlast_name\temail\tpostcode\tstatus\tcourier\ttracking_number\ttracking_url\tshipping_country\tquantity\titem_price\tcategories\n' +
      'T-1\tAda\tL\ta@b.co\tAB1\tpending\t\t\t\tgb\t2\t£1,250.50\tPrints, Mugs\n';
    expect(await (await caller.upload(file)).json()).toMatchObject({
      successfulRows: 1,
      warnings: [],
    });
    expect(await entryOf(caller, 'T-1')).toMatchObject({
      shippingCountry: 'GB',
      quantity: 2,
      itemPrice: 1250.5,
      categoryNames: '["Prints","Mugs"]',
    });
  });

  it('fails the rows it must, warns about the rest, and imports everything else', async () => {
    const caller = await newSeller();
    const file =
      `${requiredHeader},orderDate,quantity\n` +
      `,Ada,L,a@b.co,X,pending,,,,,\n` +
      `W-1,Ada,L,not-an-email,X,on hold,,,,next week,two\n` +
      `W-2,Ada,L,a@b.co,X,pending,,,,,,extra\n` +
      `W-3,Ada,L,a@b.co,X,pending,,,,,\n`;
    const result = (await (await caller.upload(file)).json()) as UploadResult;
    expect(result).toMatchObject({ success: true, totalRows: 4, successfulRows: 2, failedRows: 2 });
    expect(result.errors).toEqual([
      { row: 2, errors: ['Order number is missing'] },
      { row: 4, errors: ['The row has 12 values but the header has 11 columns'] },
    ]);
    expect(result.warnings).toEqual([
      { row: 3, message: "Quantity 'two' is not a number; left empty" },
      {
        row: 3,
        message: "Order date 'next week' is not a date (use 2025-03-01 or 3/1/2025); left empty",
      },
      { row: 3, message: "Email 'not-an-email' is not an email address; it was not stored" },
      {
        row: 3,
        message:
          "Unknown status 'on hold' was not stored (the statuses are pending, processing, shipped, partially_shipped, delivered, cancelled); the order is pending",
      },
      {
        row: 3,
        message:
          'No email: the buyer cannot look this order up on the tracking page until it has one',
      },
    ]);
    expect(await entryOf(caller, 'W-1')).toMatchObject({
      status: 'pending',
      email: null,
      orderDate: null,
      quantity: null,
    });
  });

  it('fails a row with a control character in a cell, saying which, and imports the rest (issue 32, defect 9)', async () => {
    const caller = await newSeller();
    const file =
      `${requiredHeader},notes\n` +
      `K-1,Ada,L,a@b.co,X,shipped,DHL,TN\u00011,,\n` +
      `K-2,Ada\u007f,L,a@b.co,X,pending,,,,\n` +
      `K-3,"Ada\nLee",L,a@b.co,X,pending,,,,\n` +
      `K-4,Ada,L,a@b.co,X,pending,\u0085DHL,,,\n` +
      `K-5,Ada,L,a@b.co,X,pending,,,,"Leave it\r\nwith\tthe neighbour"\n` +
      `K-6,Ada,L,a@b.co,X,pending,,,,"bell\u0007"\n`;
    const result = (await (await caller.upload(file)).json()) as UploadResult;
    expect(result).toMatchObject({ totalRows: 6, successfulRows: 1, failedRows: 5 });
    expect(result.errors).toEqual([
      {
        row: 2,
        errors: [expect.stringMatching(/^trackingNumber: .*control character \(U\+0001\)/)],
      },
      { row: 3, errors: [expect.stringMatching(/^firstName: .*control character \(U\+007F\)/)] },
      { row: 4, errors: [expect.stringMatching(/^firstName: .*line break/)] },
      { row: 5, errors: [expect.stringMatching(/^courier: .*control character \(U\+0085\)/)] },
      { row: 7, errors: [expect.stringMatching(/^personalNote: .*control character \(U\+0007\)/)] },
    ]);
    // A note may run over lines (and hold tabs); nothing of the failed rows is stored.
    expect(await entryOf(caller, 'K-5')).toMatchObject({
      personalNote: 'Leave it\r\nwith\tthe neighbour',
    });
    await expect(entryOf(caller, 'K-1')).rejects.toThrow('not found');
  });

  it('answers success false when every row fails', async () => {
    const caller = await newSeller();
    const result = (await (
      await caller.upload(`${requiredHeader}\n,a,b,c,d,pending,,,\n`)
    ).json()) as UploadResult;
    expect(result).toMatchObject({
      success: false,
      totalRows: 1,
      failedRows: 1,
      successfulRows: 0,
    });
  });

  it('lets the last of duplicate order numbers in one file win, with a warning', async () => {
    const caller = await newSeller();
    const result = (await (
      await caller.upload(
        csvOf([
          { orderNumber: 'D-1', firstName: 'First' },
          { orderNumber: 'D-2' },
          { orderNumber: 'D-1', firstName: 'Last' },
        ]),
      )
    ).json()) as UploadResult;
    expect(result).toMatchObject({ totalRows: 3, successfulRows: 3, skippedRows: 0 });
    expect(result.warnings).toEqual([
      { row: 4, message: 'Order D-1 also appears on row 2; the later row wins' },
    ]);
    expect(await entryOf(caller, 'D-1')).toMatchObject({ firstName: 'Last' });
    const list = await caller.get('/api/upload/tracking-entries?omitShipped=false');
    expect(await list.json()).toMatchObject({ pagination: { total: 2 } });
  });

  it('counts the rows of every upload by outcome on /metrics', async () => {
    const imported = async () => {
      const text = await (await fetch(`${orders.url}/metrics`)).text();
      return Number(
        /^import_rows_total\{[^}]*outcome="imported"[^}]*\} (\d+)/m.exec(text)?.[1] ?? 0,
      );
    };
    const before = await imported();
    const caller = await newSeller();
    await caller.upload(csvOf([{ orderNumber: 'M-1' }, { orderNumber: 'M-2' }]));
    expect(await imported()).toBe(before + 2);
  });

  it('counts on /metrics the events its import thread publishes', async () => {
    const published = async () => {
      const text = await (await fetch(`${orders.url}/metrics`)).text();
      return Number(
        /^events_published_total\{[^}]*subject="orders\.entries\.upserted"[^}]*\} (\d+)/m.exec(
          text,
        )?.[1] ?? 0,
      );
    };
    // The earlier tests' changes are published first, so none of them lands in the count.
    await eventsDuring(() => Promise.resolve());
    const before = await published();
    const caller = await newSeller();
    await eventsDuring(() => caller.upload(csvOf([{ orderNumber: 'P-1' }])));
    await expect.poll(published, { timeout: 10_000 }).toBe(before + 1);
  });

  it('shows on /metrics the outboxes it publishes from, with what waits in each', async () => {
    const text = await (await fetch(`${orders.url}/metrics`)).text();
    for (const outbox of ['tracking-entry outbox', 'notices']) {
      expect(text).toMatch(
        new RegExp(`^onvelope_outbox_pending\\{[^}]*outbox="${outbox}"[^}]*\\} \\d+$`, 'm'),
      );
      expect(text).toMatch(
        new RegExp(`^onvelope_outbox_oldest_age_seconds\\{[^}]*outbox="${outbox}"[^}]*\\} `, 'm'),
      );
    }
  });

  it('skips an identical re-import with a warning and updates a changed one', async () => {
    const caller = await newSeller();
    const file = csvOf([{ orderNumber: 'R-1' }, { orderNumber: 'R-2' }]);
    const created = await eventsDuring(() => caller.upload(file));
    const before = await entryOf(caller, 'R-2');
    expect(created).toEqual([
      {
        eventVersion: 4,
        accountId: caller.accountId,
        changes: [
          expect.objectContaining({ orderNumber: 'R-1', version: 1, source: 'csv' }),
          expect.objectContaining({ orderNumber: 'R-2', entryId: before.id, version: 1 }),
        ],
      },
    ]);

    let again: UploadResult | undefined;
    const unchanged = await eventsDuring(async () => {
      again = (await (await caller.upload(file)).json()) as UploadResult;
    });
    expect(unchanged).toEqual([]);
    expect(again).toMatchObject({ successfulRows: 0, skippedRows: 2 });
    expect(again?.warnings).toEqual([
      { row: 2, message: 'Order R-1 already exists with the same data' },
      { row: 3, message: 'Order R-2 already exists with the same data' },
    ]);

    let changed: UploadResult | undefined;
    const updated = await eventsDuring(async () => {
      changed = (await (
        await caller.upload(
          csvOf([
            { orderNumber: 'R-1' },
            { orderNumber: 'R-2', status: 'shipped', courier: 'DHL', trackingNumber: 'JD1' },
          ]),
        )
      ).json()) as UploadResult;
    });
    expect(updated).toEqual([
      {
        eventVersion: 4,
        accountId: caller.accountId,
        changes: [
          expect.objectContaining({
            orderNumber: 'R-2',
            entryId: before.id,
            version: 2,
            status: 'shipped',
            courier: 'DHL',
          }),
        ],
      },
    ]);
    expect(changed).toMatchObject({
      successfulRows: 1,
      skippedRows: 1,
      message: expect.stringContaining('(0 new, 1 updated)'),
    });
    const after = await entryOf(caller, 'R-2');
    expect(after).toMatchObject({
      id: before.id,
      status: 'shipped',
      courier: 'DHL',
      createdAt: before.createdAt,
    });
  });

  it('lets a later row update an order from an earlier batch, near or far', async () => {
    // Batches are 1,000 rows and written as a pipeline: batch 2 is planned while batch 1 is being
    // stored, batch 3 once batch 1 is. N-1 repeats in the next batch, F-1 two batches later.
    const caller = await newSeller();
    const orders = Array.from({ length: 2_600 }, (_, i) => ({ orderNumber: `P-${i}` }));
    orders[10] = { orderNumber: 'N-1', firstName: 'First' } as (typeof orders)[number];
    orders[1_200] = { orderNumber: 'N-1', firstName: 'Second' } as (typeof orders)[number];
    orders[20] = { orderNumber: 'F-1', status: 'pending' } as (typeof orders)[number];
    orders[2_500] = {
      orderNumber: 'F-1',
      status: 'shipped',
      courier: 'DPD',
      trackingNumber: 'DPD9',
    } as (typeof orders)[number];
    orders[2_550] = { orderNumber: 'N-1', firstName: 'Second' } as (typeof orders)[number];

    let result: UploadResult | undefined;
    const events = await eventsDuring(async () => {
      result = (await (await caller.upload(csvOf(orders))).json()) as UploadResult;
    });
    expect(result).toMatchObject({
      totalRows: 2_600,
      successfulRows: 2_599,
      skippedRows: 1,
      message: 'Processed 2600 rows: 2599 imported (2597 new, 2 updated), 1 skipped, 0 failed.',
    });
    expect(result?.warnings).toEqual([
      { row: 1_202, message: 'Order N-1 also appears on row 12; the later row wins' },
      { row: 2_502, message: 'Order F-1 also appears on row 22; the later row wins' },
      { row: 2_552, message: 'Order N-1 also appears on row 12; the later row wins' },
      { row: 2_552, message: 'Order N-1 already exists with the same data' },
    ]);
    expect(await entryOf(caller, 'N-1')).toMatchObject({ firstName: 'Second' });
    expect(await entryOf(caller, 'F-1')).toMatchObject({ status: 'shipped', courier: 'DPD' });
    const list = await caller.get('/api/upload/tracking-entries?omitShipped=false');
    expect(await list.json()).toMatchObject({ pagination: { total: 2_597 } });

    // Each write is announced once, with the version it gave the entry.
    const changes = events.flatMap((event) => event.changes);
    expect(changes).toHaveLength(2_599);
    const versionsOf = (orderNumber: string) =>
      changes.filter((change) => change.orderNumber === orderNumber).map(({ version }) => version);
    expect(versionsOf('N-1')).toEqual([1, 2]);
    expect(versionsOf('F-1')).toEqual([1, 2]);
  });

  it('imports the same orders uploaded twice at once without duplicates or failures', async () => {
    const caller = await newSeller();
    const file = csvOf(Array.from({ length: 3_000 }, (_, i) => ({ orderNumber: `Q-${i}` })));
    const answers = (await Promise.all(
      [file, file].map(async (content) => (await caller.upload(content)).json()),
    )) as UploadResult[];
    for (const answer of answers) {
      expect(answer).toMatchObject({ success: true, totalRows: 3_000, failedRows: 0 });
      expect(answer.successfulRows + answer.skippedRows).toBe(3_000);
    }
    // Each order is new to exactly one of the two; the other updated it or found it the same.
    const created = answers.map(({ message }) => Number(/\((\d+) new/.exec(message)?.[1]));
    expect(created[0]! + created[1]!).toBe(3_000);
    const list = await caller.get('/api/upload/tracking-entries?omitShipped=false&limit=1');
    expect(await list.json()).toMatchObject({ pagination: { total: 3_000 } });
  });

  it('never erases stored values with blank cells and never moves a shipped order back', async () => {
    const caller = await newSeller();
    await caller.upload(
      csvOf([{ orderNumber: 'S-1', status: 'shipped', courier: 'UPS', trackingNumber: '1Z' }]),
    );
    const result = (await (
      await caller.upload(csvOf([{ orderNumber: 'S-1', status: 'pending' }]))
    ).json()) as UploadResult;
    expect(result.warnings).toContainEqual({
      row: 2,
      message: "Order S-1 is already shipped; the file's status 'pending' was not applied",
    });
    expect(await entryOf(caller, 'S-1')).toMatchObject({
      status: 'shipped',
      courier: 'UPS',
      trackingNumber: '1Z',
    });
  });

  it('imports a 20,000-row file streamed as it is generated', { timeout: 120_000 }, async () => {
    const caller = await newSeller();
    const rows = 20_000;
    function* file() {
      yield `${requiredHeader},items,itemTotal\n`;
      for (let i = 0; i < rows; i += 1) {
        yield `${csvLine({ orderNumber: `L-${i}`, email: `buyer${i}@example.com` })},Tee #${i % 50},${i % 90}.99\n`;
      }
    }
    const response = await uploadCsv(
      orders.url,
      await orders.issuer.merchantToken('upload-large'),
      file(),
    );
    const result = (await response.json()) as UploadResult;
    expect(result).toMatchObject({
      success: true,
      totalRows: rows,
      successfulRows: rows,
      failedRows: 0,
    });
    expect(await (await caller.get('/api/upload/summary')).json()).toMatchObject({ total: 0 });
    const large = await orders.seller('upload-large');
    expect(await (await large.get('/api/upload/summary')).json()).toMatchObject({ total: rows });
  });

  it("applies the seller's keyword rules to each imported order", async () => {
    const accountId = 'upload-rules';
    const caller = await orders.seller(accountId);
    const token = await orders.issuer.merchantToken(accountId);
    for (const rule of [
      { keyword: 'gift', action: 'add_message', customMessage: 'Gift wrapped' },
      { keyword: 'print', action: 'mark_as_shipped', customMessage: 'Printed and posted' },
    ]) {
      const response = await fetch(`${orders.url}/api/keyword-rules`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(rule),
      });
      expect(response.status).toBeLessThan(300);
    }
    const file =
      `${requiredHeader},items\n` +
      `K-1,Ada,L,a@b.co,X,pending,,,,Gift wrap\n` +
      `K-2,Ada,L,a@b.co,X,pending,,,,Art print\n` +
      `K-3,Ada,L,a@b.co,X,delivered,,,,Art print\n` +
      `K-4,Ada,L,a@b.co,X,pending,,,,Mug\n`;
    expect(await (await caller.upload(file)).json()).toMatchObject({ successfulRows: 4 });
    expect(await entryOf(caller, 'K-1')).toMatchObject({
      status: 'pending',
      keywordMessage: 'Gift wrapped',
      keywordExplanation: "rule 'gift' matched 'Gift wrap' in Items",
    });
    const printed = await entryOf(caller, 'K-2');
    expect(printed).toMatchObject({ status: 'shipped', keywordMessage: 'Printed and posted' });
    expect(printed.shippedAt).not.toBeNull();
    // A rule never moves an order the file says is further along.
    expect(await entryOf(caller, 'K-3')).toMatchObject({
      status: 'delivered',
      keywordMessage: 'Printed and posted',
    });
    expect(await entryOf(caller, 'K-4')).toMatchObject({
      keywordMessage: null,
      keywordExplanation: null,
    });

    const again = (await (await caller.upload(file)).json()) as UploadResult;
    expect(again).toMatchObject({ skippedRows: 4, successfulRows: 0 });
  });
});
