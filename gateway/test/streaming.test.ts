import { request, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '@onvelope/service-kit/http';
import { startStandIn, startTestGateway, type StandIn } from './support.js';

const MB = 1024 * 1024;
const fileSize = 50 * MB;

/** `size` bytes made on demand from one reused chunk, so the test itself holds no copy of the file. */
function generatedFile(size: number): Readable {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let left = size;
  return new Readable({
    read() {
      if (left <= 0) {
        this.push(null);
        return;
      }
      const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= piece.length;
      this.push(piece);
    },
  });
}

/**
 * Streaming allocates a fresh buffer per socket read while keeping few JS objects alive, so V8 may not
 * collect for tens of megabytes and raw samples would show garbage, not what is held. Collecting
 * before each sample makes the figures show memory that is really retained.
 */
const collectGarbage: () => void =
  (globalThis as { gc?: () => void }).gc ??
  (() => {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  })();

/** Samples this process's memory while `work` runs; answers the largest growth over the start. */
async function peakMemoryGrowth<T>(
  work: () => Promise<T>,
): Promise<{ result: T; rss: number; heap: number }> {
  collectGarbage();
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakHeap = start.heapUsed;
  const sample = () => {
    collectGarbage();
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  // Each sample is a full collection, and the next is due 10 ms after it ends, not every 10 ms: on
  // a busy machine a collection can take longer than that, and samples back to back left the
  // stream no time (a 1.5 s download ran past the 30 s timeout once). Sampling less often is no
  // way out: the sockets' buffers are freed only by a collection, so the RSS then grows by tens
  // of megabytes of garbage.
  let timer = setTimeout(function next() {
    sample();
    timer = setTimeout(next, 10);
  }, 10);
  try {
    const result = await work();
    sample();
    return { result, rss: peakRss - start.rss, heap: peakHeap - start.heapUsed };
  } finally {
    clearTimeout(timer);
  }
}

const readJson = async (answer: IncomingMessage) => {
  let text = '';
  for await (const chunk of answer) text += String(chunk);
  return JSON.parse(text) as unknown;
};

/** Sends `size` bytes to the upload route; answers the service's reply and when the last byte left. */
function uploadThroughGateway(gatewayUrl: string, size: number) {
  return new Promise<{ answer: unknown; lastByteSentAt: number }>((resolve, reject) => {
    let lastByteSentAt = 0;
    const call = request(`${gatewayUrl}/api/upload/csv`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', 'content-length': String(size) },
    });
    call.on('response', (answer) =>
      readJson(answer).then((body) => resolve({ answer: body, lastByteSentAt }), reject),
    );
    call.on('error', reject);
    const body = generatedFile(size);
    body.on('end', () => (lastByteSentAt = performance.now()));
    body.pipe(call);
  });
}

describe('streaming through the gateway', () => {
  let gateway: RunningService;
  let orders: StandIn;
  const upload = { firstByteAt: 0, bytes: 0 };

  beforeAll(async () => {
    orders = await startStandIn((req, res) => {
      if (req.url === '/api/upload/csv') {
        upload.bytes = 0;
        upload.firstByteAt = 0;
        req.on('data', (chunk: Buffer) => {
          upload.firstByteAt ||= performance.now();
          upload.bytes += chunk.length;
        });
        req.on('end', () => {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ bodyBytes: upload.bytes }));
        });
        return;
      }
      // POST /api/reports/export: a 50 MB file made as it is sent.
      req.resume();
      res.setHeader('content-type', 'text/csv');
      res.setHeader('content-disposition', 'attachment; filename="report.csv"');
      void pipeline(generatedFile(fileSize), res).catch(() => undefined);
    });
    gateway = await startTestGateway({ ORDERS_SERVICE_URL: orders.url });
    // Warm up sockets, buffers and the allocator, so the measurements below show growth, not start-up.
    await uploadThroughGateway(gateway.url, 4 * MB);
  });

  afterAll(async () => {
    await gateway.close();
    await orders.close();
  });

  it('streams a 50 MB upload to the service with the gateway’s memory staying flat', async () => {
    const { result, rss, heap } = await peakMemoryGrowth(() =>
      uploadThroughGateway(gateway.url, fileSize),
    );

    expect(result.answer).toEqual({ bodyBytes: fileSize });
    // Bytes reached the service long before the client finished sending: nothing waited for the whole body.
    expect(upload.firstByteAt).toBeGreaterThan(0);
    expect(upload.firstByteAt).toBeLessThan(result.lastByteSentAt);
    expect(rss, `rss grew ${(rss / MB).toFixed(1)} MB`).toBeLessThan(25 * MB);
    expect(heap, `heap grew ${(heap / MB).toFixed(1)} MB`).toBeLessThan(25 * MB);
  });

  it('streams a 50 MB download to the client with the gateway’s memory staying flat', async () => {
    const { result, rss, heap } = await peakMemoryGrowth(
      () =>
        new Promise<{ bytes: number; type: string | undefined; disposition: string | undefined }>(
          (resolve, reject) => {
            const call = request(`${gateway.url}/api/reports/export`, { method: 'POST' });
            call.on('response', (answer) => {
              let bytes = 0;
              answer.on('data', (chunk: Buffer) => (bytes += chunk.length));
              answer.on('end', () =>
                resolve({
                  bytes,
                  type: answer.headers['content-type'],
                  disposition: answer.headers['content-disposition'],
                }),
              );
              answer.on('error', reject);
            });
            call.on('error', reject);
            call.end('{"format":"csv"}');
          },
        ),
    );

    expect(result).toEqual({
      bytes: fileSize,
      type: 'text/csv',
      disposition: 'attachment; filename="report.csv"',
    });
    expect(rss, `rss grew ${(rss / MB).toFixed(1)} MB`).toBeLessThan(25 * MB);
    expect(heap, `heap grew ${(heap / MB).toFixed(1)} MB`).toBeLessThan(25 * MB);
  });
});
