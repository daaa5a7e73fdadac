import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResult } from '@onvelope/contracts';
import { startGateway } from '@onvelope/gateway';
import type { RunningService } from '@onvelope/service-kit/http';
import { useOrdersHarness } from './service-harness.js';
import { csvLine, requiredHeader, uploadCsv } from './support.js';

/**
 * The gateway gives an upload up after this long with no bytes either way (30 min in production).
 * The import is written after the last byte, inside this time: the file's orders are held until
 * its conventions are known (`CONVENTION_SAMPLE_ORDERS`), which for a file this short is at its
 * end. It has few rows so that this write takes a small part of the idle time: with 4,000 rows,
 * whose last batch of 1,000 came after the last byte, a loaded CI machine (two test workers on two
 * cores) took over 3 s for it and answered 504, which is not what this test is about. Its 40 rows
 * took 0.1 to 0.65 s after the last byte with the machine's load average at 16 to 18.
 */
const UPLOAD_IDLE_MS = 3_000;
const ROWS = 40;
const CHUNKS = 40;
/** Between two pieces of the file: well inside the idle time, adding up to several times it. */
const PAUSE_MS = 330;

describe('a long upload through the gateway', () => {
  const orders = useOrdersHarness();
  let gateway: RunningService;

  beforeAll(async () => {
    gateway = await startGateway({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      SERVE_FRONTENDS: 'false',
      ORDERS_SERVICE_URL: orders.url,
      UPSTREAM_TIMEOUT_MS: String(UPLOAD_IDLE_MS),
      UPLOAD_TIMEOUT_MS: String(UPLOAD_IDLE_MS),
    });
  });
  afterAll(() => gateway?.close());

  it('answers 200 with every row stored when the upload takes many times the idle timeout', async () => {
    const accountId = 'long-upload-seller';
    const rowsPerChunk = ROWS / CHUNKS;
    async function* slowFile() {
      yield `${requiredHeader}\n`;
      for (let chunk = 0; chunk < CHUNKS; chunk += 1) {
        await delay(PAUSE_MS);
        let lines = '';
        for (let n = chunk * rowsPerChunk + 1; n <= (chunk + 1) * rowsPerChunk; n += 1)
          lines += `${csvLine({ orderNumber: `LONG-${n}` })}\n`;
        yield lines;
      }
    }
    const started = performance.now();
    const answer = await uploadCsv(
      gateway.url,
      await orders.issuer.merchantToken(accountId),
      slowFile(),
    );
    const tookMs = performance.now() - started;

    expect(tookMs).toBeGreaterThan(4 * UPLOAD_IDLE_MS);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({
      totalRows: ROWS,
      successfulRows: ROWS,
      failedRows: 0,
    } satisfies Partial<UploadResult>);
    expect(await orders.db.collection('tracking_entries').countDocuments({ accountId })).toBe(ROWS);
  }, 90_000);
});
