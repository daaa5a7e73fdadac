import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { receiveCsvFile, uploadMessages } from './receive-file.js';

const boundary = 'csv-file-test';
const partHead =
  `--${boundary}\r\nContent-Disposition: form-data; name="csvFile"; filename="orders.csv"\r\n` +
  'Content-Type: text/csv\r\n\r\n';

/** Starts `server` and opens a multipart upload to it (its errors are the test's to read). */
async function uploadTo(server: Server) {
  await once(server.listen(0, '127.0.0.1'), 'listening');
  const { port } = server.address() as AddressInfo;
  const upload = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  upload.on('error', () => undefined);
  return upload;
}

describe('receiveCsvFile', () => {
  let server: Server;
  afterEach(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });

  it('fails the file it handed over when the upload is cut off, so its reader stops waiting', async () => {
    // Wrapped: a promise resolved with a promise would wait for it.
    let handOver: (handed: { reading: Promise<unknown> }) => void = () => undefined;
    const handedOver = new Promise<{ reading: Promise<unknown> }>(
      (resolve) => (handOver = resolve),
    );
    let answer: (outcome: unknown) => void = () => undefined;
    const answered = new Promise<unknown>((resolve) => (answer = resolve));
    server = createServer((incoming) => {
      receiveCsvFile(incoming, 1024 * 1024, (file) => {
        // What the reader of the file ends with: the end of the file, or its failure.
        const reading = (async () => {
          for await (const chunk of file) void chunk;
          return 'the end of the file';
        })().catch((error: unknown) => error);
        handOver({ reading });
        return reading;
      }).then(answer, answer);
    });
    const upload = await uploadTo(server);
    upload.write(`${partHead}orderNumber,firstName\n1,Ada\n`);
    const { reading } = await handedOver;
    upload.destroy();

    expect(await answered).toMatchObject({ status: 400, message: uploadMessages.interrupted });
    expect(await reading).toMatchObject({ message: uploadMessages.interrupted });
  });

  it('answers a form that ends before its closing boundary with 400, even before a reader is attached', async () => {
    let answer: (outcome: unknown) => void = () => undefined;
    const answered = new Promise<unknown>((resolve) => (answer = resolve));
    server = createServer((incoming, response) => {
      receiveCsvFile(incoming, 1024 * 1024, async (file) => {
        // The import thread attaches its reader only once it is ready: here, a moment later.
        await new Promise((resolve) => setTimeout(resolve, 50));
        for await (const chunk of file) void chunk;
        return 'the end of the file';
      }).then(answer, answer);
      void answered.then(() => response.end());
    });
    const upload = await uploadTo(server);
    upload.on('response', (response) => response.resume());
    // The 145 bytes: a part's head and a first line, and no closing boundary.
    upload.end(`${partHead}orderNumber`);

    expect(await answered).toMatchObject({ status: 400, message: uploadMessages.malformed });
  });

  it.each([
    ['a part that is not the file', 'attachment', 'notes.txt'],
    ['a file of another type', 'csvFile', 'orders.pdf'],
  ])(
    'answers a form cut short inside %s with 400 and keeps serving',
    async (_case, field, filename) => {
      let answer: (outcome: unknown) => void = () => undefined;
      const answered = new Promise<unknown>((resolve) => (answer = resolve));
      server = createServer((incoming, response) => {
        receiveCsvFile(incoming, 1024 * 1024, async () => 'the end of the file').then(
          answer,
          answer,
        );
        void answered.then(() => response.end());
      });
      const upload = await uploadTo(server);
      upload.on('response', (response) => response.resume());
      // A part the reader skips, and no closing boundary: the reader fails the skipped part too.
      upload.end(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\nsome bytes',
      );

      expect(await answered).toMatchObject({ status: 400 });
      // The process is still here to answer (an unheard 'error' would have ended it).
      expect(server.listening).toBe(true);
    },
  );
});
