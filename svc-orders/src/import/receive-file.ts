import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { Busboy, type BusboyInstance } from '@fastify/busboy';
import { isOrderFile, ordersMessages } from '@onvelope/contracts';
import { badRequest, HttpError } from '@onvelope/service-kit/errors';

export const CSV_FIELD = 'csvFile';

// Multipart boundaries and part headers around the file; generous, it only decides an early 413.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const uploadMessages = {
  noFile: `No file uploaded: send the CSV file as multipart/form-data in the field '${CSV_FIELD}'`,
  malformed: 'The upload is not a valid multipart/form-data body',
  interrupted: 'The upload was interrupted before the file arrived',
  tooLarge: (maxBytes: number) =>
    `The file is too large: the largest CSV file accepted is ${readableSize(maxBytes)}`,
} as const;

const readableSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.floor(bytes / (1024 * 1024))} MB`
    : `${Math.floor(bytes / 1024)} KB`;

const tooLarge = (maxBytes: number) => new HttpError(413, uploadMessages.tooLarge(maxBytes));

/**
 * Reads a part nobody wants to its end. The reader fails a part the form cuts short, skipped or
 * not, and an 'error' nobody listens to would end the process; the form's own error answers it.
 */
const discard = (part: Readable) => {
  part.on('error', () => undefined);
  part.resume();
};

/** The text fields of the form that came before the file (the `mapping` of issue 39), by name. */
export type FormFields = Readonly<Record<string, string>>;

/**
 * Hands the `csvFile` part of a multipart request to `handle` as a stream while it arrives, so no
 * file is ever held whole, with the text fields sent before it; more than `maxBytes` fails the
 * handling with 413. Resolves with what `handle` answers once the whole request is read; a refusal
 * drains the rest of the request so the client can read the answer.
 */
export function receiveCsvFile<T>(
  request: IncomingMessage,
  maxBytes: number,
  handle: (file: Readable, fields: FormFields) => Promise<T>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let work: Promise<T> | null = null;
    let parser: BusboyInstance | null = null;
    let file: Readable | null = null;
    const fields: Record<string, string> = {};
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      if (parser) request.unpipe(parser);
      request.resume();
      // Unpiped, the parser would never end the file: `handle` would wait for the rest for good.
      file?.destroy(error instanceof Error ? error : undefined);
      reject(error);
    };

    const contentType = request.headers['content-type'] ?? '';
    if (!/^multipart\/form-data/i.test(contentType)) {
      fail(badRequest(uploadMessages.noFile));
      return;
    }
    if (Number(request.headers['content-length'] ?? 0) > maxBytes + MULTIPART_OVERHEAD_BYTES) {
      fail(tooLarge(maxBytes));
      return;
    }
    try {
      parser = Busboy({
        headers: { ...request.headers, 'content-type': contentType },
        limits: { fileSize: maxBytes, files: 1, fields: 20, parts: 25, fieldSize: 64 * 1024 },
      });
    } catch {
      fail(badRequest(uploadMessages.malformed));
      return;
    }

    parser.on('file', (name, part, filename, _encoding, mimeType) => {
      if (name !== CSV_FIELD || work) {
        discard(part);
        return;
      }
      if (!isOrderFile(mimeType, filename)) {
        discard(part);
        fail(badRequest(ordersMessages.invalidFileType));
        return;
      }
      part.once('limit', () => part.destroy(tooLarge(maxBytes)));
      // The reader fails the file itself when the form ends before its closing boundary, maybe
      // before `handle` has attached a reader; an 'error' nobody listens to would end the process.
      part.on('error', (error) =>
        fail(error instanceof HttpError ? error : badRequest(uploadMessages.malformed)),
      );
      file = part;
      work = handle(part, { ...fields });
      work.catch(fail);
    });
    parser.on('field', (name, value) => {
      if (!work) fields[name] = value;
    });
    parser.on('error', () => fail(badRequest(uploadMessages.malformed)));
    // 'finish' waits for the file's stream to be read to its end, as well as for the form's end.
    parser.once('finish', () => {
      if (!work) {
        fail(badRequest(uploadMessages.noFile));
        return;
      }
      work.then((result) => {
        if (settled) return;
        settled = true;
        resolve(result);
      }, fail);
    });
    request.once('close', () => {
      if (!request.complete) fail(badRequest(uploadMessages.interrupted));
    });
    request.pipe(parser);
  });
}
