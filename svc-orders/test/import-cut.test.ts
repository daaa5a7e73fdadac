import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it, type ExpectStatic, type OnTestFinishedHandler } from 'vitest';
import type { UploadResult } from '@onvelope/contracts';
import { startTcpLink, testInfra, type TcpLink } from '@onvelope/testkit';
import { BESIDE_CALLS_MS } from '../src/import/import-csv.js';
import { importMessages } from '../src/import/row-report.js';
import { startOrdersHarness } from './service-harness.js';
import { csvLine, requiredHeader, type Caller } from './support.js';

const ROWS = 5_000;
const orderNumber = (n: number) => `CUT-${n}`;

/**
 * How long a cut that loses a write's answer lasts: longer than one read of the service waits (5 s
 * server selection, 10 s mongoose buffering), shorter than the 30 s a cut batch waits for the
 * database to say what it stored.
 */
const LOST_ANSWER_OUTAGE_MS = 15_000;

/** The bulk write of a batch of new orders (its documents travel in a section of that name). */
const batchWrite = (sent: Buffer) =>
  sent.length > 100_000 && ['tracking_entries', 'documents'].every((word) => sent.includes(word));

/**
 * The request that opens a batch's outbox record, the first of a batch's writes (an insert naming
 * the outbox; the record starts in state `writing`).
 */
const batchOpen = (sent: Buffer) =>
  ['insert', 'tracking_entry_outbox', 'writing'].every((word) => sent.includes(word));

/**
 * The request that settles a stored batch's outbox record, as the MongoDB wire protocol sends it:
 * an update command naming the collection, its updates in a section of that name, and the state it
 * sets (no other update of the outbox names `ready`).
 */
const batchSettle = (sent: Buffer) =>
  ['tracking_entry_outbox', 'updates', 'ready'].every((word) => sent.includes(word));

/**
 * An orders service whose MongoDB is reached through a link of its own, which a test cuts: each
 * test has one, so the tests (which mostly wait for the driver and the outage) run side by side.
 * Stopped when the test finishes.
 */
async function startCutSystem({
  expect,
  onTestFinished,
}: {
  expect: ExpectStatic;
  onTestFinished: (handler: OnTestFinishedHandler) => void;
}) {
  const link: TcpLink = await startTcpLink(testInfra().mongoUrl);
  onTestFinished(() => link.close());
  // The test's own connection (`orders.db`) does not go through the link: it sees what the
  // server really stores.
  const orders = await startOrdersHarness({ env: { MONGO_URL: link.url } });
  // Run before the link's close (vitest runs a test's finishing hooks last first).
  onTestFinished(async () => {
    link.restore();
    await orders.stop();
  });
  const { db } = orders;

  const entries = () => db.collection('tracking_entries');
  const storedOf = (caller: Caller) => entries().countDocuments({ accountId: caller.accountId });
  const rowsOf = (from: number, to: number) => {
    const lines: string[] = [];
    for (let n = from; n <= to; n += 1) lines.push(`${csvLine({ orderNumber: orderNumber(n) })}\n`);
    return lines.join('');
  };

  /**
   * Uploads the file, holding back its second half until the first thousand orders are stored and
   * `cutLink` has cut the link; the link stays cut until the import has answered (or `cutLink`
   * restores it earlier). Nothing calls svc-orders in the second before the import nor while it
   * runs (`storedOf` reads the database): a call would have it write batches of 100, and the cuts
   * wait for a batch of 1,000.
   */
  async function cutImport(caller: Caller, cutLink: () => Promise<void>): Promise<CutAnswer> {
    let cut: Promise<void> | undefined;
    await sleep(BESIDE_CALLS_MS + 100);
    async function* file() {
      yield `${requiredHeader}\n`;
      yield rowsOf(1, ROWS / 2);
      await expect
        .poll(() => storedOf(caller), { timeout: 30_000, interval: 100 })
        .toBeGreaterThanOrEqual(1_000);
      cut = cutLink();
      yield rowsOf(ROWS / 2 + 1, ROWS);
    }
    const answer = await caller.upload(file());
    expect(cut, 'the link was cut').toBeDefined();
    await cut;
    const body = (await answer.json()) as { error: string; details?: { message: string }[] };
    link.restore();
    const said = /^(\d+) orders of the file were stored before row \d+;/.exec(
      body.details?.[0]?.message ?? '',
    );
    return { status: answer.status, error: body.error, said: said ? Number(said[1]) : Number.NaN };
  }

  /** The file again, whole: the orders stored before are skipped, every order is stored once. */
  async function uploadAgain(caller: Caller, storedBefore: number) {
    const again = await caller.upload(`${requiredHeader}\n${rowsOf(1, ROWS)}`);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      totalRows: ROWS,
      successfulRows: ROWS - storedBefore,
      skippedRows: storedBefore,
      failedRows: 0,
    } satisfies Partial<UploadResult>);
    const distinct = await entries().distinct('orderNumber', { accountId: caller.accountId });
    expect({ entries: await storedOf(caller), orders: distinct.length }).toEqual({
      entries: ROWS,
      orders: ROWS,
    });
  }

  return { link, orders, storedOf, cutImport, uploadAgain };
}

interface CutAnswer {
  status: number;
  error: string;
  /** N of "N orders of the file were stored before row R". */
  said: number;
}

const cutMessage = {
  status: 503,
  error: importMessages.cut,
};

describe.concurrent('an import cut off by MongoDB mid-batch', () => {
  it('answers the import message with the orders stored when MongoDB goes away mid-import', async (context) => {
    const { expect } = context;
    const { link, orders, storedOf, cutImport, uploadAgain } = await startCutSystem(context);
    const caller = await orders.seller('import-cut-outage');
    // Cut between two batches, as the next one starts: a cut at any moment may also fall between a
    // batch's write and its answer, which the next test is about.
    const answer = await cutImport(caller, () => link.cutInsteadOf(batchOpen));
    const stored = await storedOf(caller);
    expect(stored).toBeGreaterThanOrEqual(1_000);
    expect(answer).toEqual({ ...cutMessage, said: stored });
    await uploadAgain(caller, stored);
  }, 90_000);

  it('counts a batch the database stored but never confirmed, once the database answers again', async (context) => {
    const { expect } = context;
    const { link, orders, storedOf, cutImport, uploadAgain } = await startCutSystem(context);
    const caller = await orders.seller('import-cut-unconfirmed');
    const answer = await cutImport(caller, async () => {
      await link.cutBeforeAnswerTo(batchWrite);
      setTimeout(() => link.restore(), LOST_ANSWER_OUTAGE_MS);
    });
    const stored = await storedOf(caller);
    // The lost answer's batch is stored too.
    expect(stored).toBeGreaterThan(1_000);
    expect(answer).toEqual({ ...cutMessage, said: stored });
    await uploadAgain(caller, stored);
  }, 90_000);

  it('counts a stored batch whose changes could not be recorded', async (context) => {
    const { expect } = context;
    const { link, orders, storedOf, cutImport, uploadAgain } = await startCutSystem(context);
    const caller = await orders.seller('import-cut-settle');
    const answer = await cutImport(caller, () => link.cutBeforeAnswerTo(batchSettle));
    const stored = await storedOf(caller);
    expect(stored).toBeGreaterThanOrEqual(1_000);
    expect(answer).toEqual({ ...cutMessage, said: stored });
    await uploadAgain(caller, stored);
  }, 90_000);
});
