import { Readable } from 'node:stream';
import type { Connection } from 'mongoose';
import { expect } from 'vitest';
import type { UploadResult } from '@onvelope/contracts';
import type { TestIssuer } from '@onvelope/testkit';
import { trackingEntryModel } from '../src/data/tracking-entry.model.js';

/** The columns of spec 000 §5, in the spelling the product's own CSV template uses. */
export const requiredHeader =
  'orderNumber,firstName,lastName,email,postcode,status,courier,trackingNumber,trackingUrl';

export interface CsvOrder {
  orderNumber: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  postcode?: string;
  status?: string;
  courier?: string;
  trackingNumber?: string;
  trackingUrl?: string;
}

export const csvLine = (order: CsvOrder, separator = ',') =>
  [
    order.orderNumber,
    order.firstName ?? 'Ada',
    order.lastName ?? 'Lovelace',
    order.email ?? 'ada@example.com',
    order.postcode ?? 'SW1A 1AA',
    order.status ?? 'pending',
    order.courier ?? '',
    order.trackingNumber ?? '',
    order.trackingUrl ?? '',
  ].join(separator);

export const csvOf = (orders: CsvOrder[]) =>
  [requiredHeader, ...orders.map((order) => csvLine(order))].join('\n') + '\n';

export interface UploadOptions {
  filename?: string;
  type?: string;
  field?: string;
  /** More request headers (a `traceparent`). */
  headers?: Record<string, string>;
}

/**
 * POSTs a multipart body with one file part, streamed: `content` may be a generator, so a large
 * file is produced as it is sent and never exists whole in the test either.
 */
export function uploadCsv(
  url: string,
  token: string,
  content: string | Buffer | AsyncIterable<string | Buffer> | Iterable<string | Buffer>,
  {
    filename = 'orders.csv',
    type = 'text/csv',
    field = 'csvFile',
    headers = {},
  }: UploadOptions = {},
): Promise<Response> {
  const boundary = `----onvelope${Math.random().toString(16).slice(2)}`;
  const parts = typeof content === 'string' || Buffer.isBuffer(content) ? [content] : content;
  async function* body() {
    yield `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
    for await (const part of parts) yield part;
    yield `\r\n--${boundary}--\r\n`;
  }
  const stream = Readable.toWeb(
    Readable.from(body()).map((part: string | Buffer) => Buffer.from(part)),
  ) as ReadableStream;
  return fetch(`${url}/api/upload/csv`, {
    method: 'POST',
    headers: {
      ...headers,
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body: stream,
    duplex: 'half',
  } as RequestInit);
}

export interface Caller {
  accountId: string;
  get(path: string): Promise<Response>;
  delete(path: string): Promise<Response>;
  upload(content: Parameters<typeof uploadCsv>[2], options?: UploadOptions): Promise<Response>;
}

/** Calls a service as one seller. */
export async function sellerOf(
  url: string,
  issuer: TestIssuer,
  accountId: string,
): Promise<Caller> {
  const token = await issuer.merchantToken(accountId);
  const headers = { authorization: `Bearer ${token}` };
  return {
    accountId,
    get: (path) => fetch(`${url}${path}`, { headers }),
    delete: (path) => fetch(`${url}${path}`, { method: 'DELETE', headers }),
    upload: (content, options) => uploadCsv(url, token, content, options),
  };
}

/** Uploads a file as the seller and answers the import's result; the test fails unless it is a 200. */
export async function importFile(
  caller: Caller,
  content: Parameters<typeof uploadCsv>[2],
  options?: UploadOptions,
): Promise<UploadResult> {
  const response = await caller.upload(content, options);
  const body = (await response.json()) as UploadResult;
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

/** The seller's tracking entries as stored, by order number. */
export async function storedOrdersOf(db: Connection, caller: Caller) {
  const docs = await trackingEntryModel(db).find({ accountId: caller.accountId }).lean();
  return new Map(docs.map((doc) => [doc.orderNumber, doc]));
}
