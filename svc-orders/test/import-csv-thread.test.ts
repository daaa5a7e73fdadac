import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type mongoose from 'mongoose';
import { createLogger } from '@onvelope/service-kit/observability';
import { HttpError } from '@onvelope/service-kit/errors';
import { connectNats, type NatsConnection } from '@onvelope/service-kit/nats';
import { foregroundCalls } from '@onvelope/service-kit/work';
import { connectTestDatabase, testInfra, uniqueDatabaseName } from '@onvelope/testkit';
import { ensureOrdersStream } from '../src/events/tracking-entry-events.js';
import { startImportThread, type ImportThread } from '../src/import/import-thread.js';
import { csvOf, requiredHeader } from './support.js';

const log = createLogger('import-thread-test', 'silent');

/** A file's chunks, counting how many the import thread's sender has taken. */
function countedFile(chunks: Iterable<string>, afterLast?: () => Promise<never>) {
  const file = {
    taken: 0,
    async *[Symbol.asyncIterator]() {
      for (const chunk of chunks) {
        file.taken += 1;
        yield Buffer.from(chunk);
      }
      if (afterLast) await afterLast();
    },
  };
  return file;
}

describe('the import thread', () => {
  const dbName = uniqueDatabaseName('import-thread');
  const settings = () => ({
    mongoUrl: testInfra().mongoUrl,
    dbName,
    natsUrl: testInfra().natsUrl,
    logLevel: 'silent',
    authTimeoutMs: 500,
    foreground: foregroundCalls(),
  });
  let nats: NatsConnection;
  let db: mongoose.Connection;
  let imports: ImportThread;

  beforeAll(async () => {
    nats = await connectNats(testInfra().natsUrl, 'import-thread-test');
    await ensureOrdersStream(nats);
    db = await connectTestDatabase(dbName);
    imports = await startImportThread(settings(), log);
  });
  afterAll(async () => {
    await imports?.stop();
    await db?.close();
    await nats?.close();
  });

  it('imports a seller’s file and stores its orders under that seller only', async () => {
    const orders = Array.from({ length: 1_500 }, (_, n) => ({ orderNumber: `THREAD-${n}` }));
    const result = await imports.importCsv({
      accountId: 'thread-seller',
      rules: [],
      file: countedFile([csvOf(orders)]),
    });
    expect(result).toMatchObject({ totalRows: 1_500, successfulRows: 1_500, failedRows: 0 });
    const entries = db.collection('tracking_entries');
    expect(await entries.countDocuments({ accountId: 'thread-seller' })).toBe(1_500);
    expect(await entries.countDocuments({ orderNumber: 'THREAD-0' })).toBe(1);
  });

  it('answers a refusal with its status and details, having read only a few chunks ahead', async () => {
    const file = countedFile(
      (function* () {
        yield 'orderNumber,postcode\n';
        for (let n = 0; n < 1_000; n += 1) yield `R-${n},SW1A 1AA\n`;
      })(),
    );
    const refused = imports.importCsv({ accountId: 'thread-seller', rules: [], file });
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({
      status: 400,
      details: expect.arrayContaining([expect.objectContaining({ path: 'email' })]),
    });
    expect(file.taken).toBeLessThan(10);
  });

  it('answers a refusal at once, while the client has yet to send more', async () => {
    const stalled = countedFile(['orderNumber,postcode\n'], () => new Promise<never>(() => {}));
    await expect(
      imports.importCsv({ accountId: 'thread-seller', rules: [], file: stalled }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('fails the import with the error that cut its file short', async () => {
    const file = countedFile([`${requiredHeader}\n`], () =>
      Promise.reject(new HttpError(413, 'The file is too large')),
    );
    const cut = imports.importCsv({ accountId: 'thread-seller', rules: [], file });
    await expect(cut).rejects.toBeInstanceOf(HttpError);
    await expect(cut).rejects.toMatchObject({ status: 413, message: 'The file is too large' });
  });

  it('refuses an import once it is stopping, rather than start a thread nothing would stop', async () => {
    const stopped = await startImportThread(settings(), log);
    await stopped.stop();
    await expect(
      stopped.importCsv({
        accountId: 'thread-seller',
        rules: [],
        file: countedFile([`${requiredHeader}\nSTOPPED-1,Ada,Lovelace\n`]),
      }),
    ).rejects.toThrow('the import thread is stopping');
  });

  it('fails an import whose thread ends, and starts a thread again for the next one', async () => {
    const lost = await startImportThread(
      settings(),
      log,
      new URL('./fixtures/lost-import-thread.ts', import.meta.url),
    );
    try {
      for (const attempt of [1, 2]) {
        await expect(
          lost.importCsv({
            accountId: 'thread-seller',
            rules: [],
            file: countedFile([`${requiredHeader}\nLOST-${attempt},Ada,Lovelace\n`]),
          }),
        ).rejects.toThrow('the import thread stopped unexpectedly');
      }
    } finally {
      await lost.stop();
    }
  });
});
