import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute } from '@onvelope/contracts';
import { z } from 'zod';
import {
  ApiError,
  createApiClient,
  detailMessages,
  failureMessage,
  filenameFromContentDisposition,
} from './api-client.js';

interface SeenRequest {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  cacheControl: string | undefined;
  body: string;
}

let server: Server;
let baseUrl: string;
let lastRequest: SeenRequest;

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return body;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((body) => {
      lastRequest = {
        method: req.method,
        url: req.url,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        cacheControl: req.headers['cache-control'],
        body,
      };
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.url?.startsWith('/ok')) return json(200, { echo: body ? JSON.parse(body) : null });
      if (req.url === '/empty') return void res.writeHead(204).end();
      if (req.url === '/file') {
        res.writeHead(200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="onvelope-report-20260301-140509.csv"',
        });
        return void res.end(`accept=${req.headers.accept};${body}`);
      }
      if (req.url === '/too-big')
        return json(400, {
          error: 'PDF export is limited to 10,000 rows',
          details: [
            { message: 'More than 10,000 orders match these filters.', path: 'body.format' },
          ],
        });
      if (req.url === '/invalid')
        return json(400, {
          error: 'Validation failed',
          details: [{ message: 'email is required', path: 'email' }],
        });
      if (req.url === '/expired') return json(401, { error: 'jwt expired' });
      if (req.url === '/closed')
        return json(402, {
          error: 'Your free trial has expired. Please subscribe to continue using ONVELOPE.',
          reason: 'trial_expired',
          details: [],
        });
      if (req.url === '/closed-unknown')
        return json(402, { error: 'Payment required', reason: 'no_such_reason' });
      if (req.url === '/refused-with-reason')
        return json(400, { error: 'Bad request', reason: 'trial_expired' });
      res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end('Bad Gateway');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('createApiClient', () => {
  it('sends the bearer token and a JSON body and returns the parsed answer', async () => {
    const api = createApiClient({ baseUrl, getToken: () => 'tok-1' });
    await expect(api.post('/ok', { email: 'a@b.test' })).resolves.toEqual({
      echo: { email: 'a@b.test' },
    });
    expect(lastRequest).toMatchObject({
      method: 'POST',
      authorization: 'Bearer tok-1',
      contentType: 'application/json',
    });
  });

  it('sends no Authorization header when there is no token and encodes the query', async () => {
    const api = createApiClient({ baseUrl, getToken: () => null });
    await api.get('/ok', { query: { limit: 10, period: 'daily', skip: undefined } });
    expect(lastRequest).toMatchObject({
      url: '/ok?limit=10&period=daily',
      authorization: undefined,
    });
  });

  it('resolves to undefined for an answer without a body', async () => {
    await expect(createApiClient({ baseUrl }).delete('/empty')).resolves.toBeUndefined();
  });

  it('turns an { error, details } answer into an ApiError with the status', async () => {
    const error = await createApiClient({ baseUrl })
      .post('/invalid', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Validation failed',
      details: [{ message: 'email is required', path: 'email' }],
      isSessionExpired: false,
    });
  });

  it('marks a 401 as an expired session', async () => {
    const error = await createApiClient({ baseUrl })
      .get('/expired')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, message: 'jwt expired', isSessionExpired: true });
  });

  it('describes a non-JSON failure by its status and text', async () => {
    const error = await createApiClient({ baseUrl })
      .get('/down')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: 'HTTP 502: Bad Gateway' });
  });

  it('calls a contract route with its method, filled path, query and body', async () => {
    const route = defineRoute({
      method: 'PATCH',
      path: '/ok/{orderId}/notes',
      service: 'svc-orders',
      access: 'merchant',
      source: 'implied',
      summary: 'test route',
      schemas: {
        params: z.object({ orderId: z.string() }),
        query: z.object({ dryRun: z.string().optional() }),
        body: z.object({ note: z.string() }),
        response: z.object({ echo: z.object({ note: z.string() }) }),
      },
    });
    const api = createApiClient({ baseUrl, getToken: () => 'merchant-token' });
    const answer = await api.call(route, {
      params: { orderId: 'A 1/2' },
      query: { dryRun: 'yes' },
      body: { note: 'fragile' },
    });
    expect(answer.echo.note).toBe('fragile');
    expect(lastRequest).toMatchObject({
      method: 'PATCH',
      url: '/ok/A%201%2F2/notes?dryRun=yes',
      authorization: 'Bearer merchant-token',
    });
  });

  it("uses a call's own token instead of the client's, and none when it is null", async () => {
    const route = defineRoute({
      method: 'GET',
      path: '/ok',
      service: 'svc-auth',
      access: 'customer',
      source: 'implied',
      summary: 'test route',
      schemas: {},
    });
    const api = createApiClient({ baseUrl, getToken: () => 'merchant-token' });
    await api.call(route, { token: 'buyer-token' });
    expect(lastRequest.authorization).toBe('Bearer buyer-token');
    await api.call(route, { token: null });
    expect(lastRequest.authorization).toBeUndefined();
    await api.call(route);
    expect(lastRequest.authorization).toBe('Bearer merchant-token');
  });

  it("sends a call's own headers along with its own", async () => {
    const route = defineRoute({
      method: 'GET',
      path: '/ok',
      service: 'svc-sync',
      access: 'merchant',
      source: 'implied',
      summary: 'test route',
      schemas: { query: z.object({ _: z.string().optional() }) },
    });
    const api = createApiClient({ baseUrl, getToken: () => 'merchant-token' });
    await api.call(route, { query: { _: '123' }, headers: { 'Cache-Control': 'no-cache' } });
    expect(lastRequest).toMatchObject({
      url: '/ok?_=123',
      cacheControl: 'no-cache',
      authorization: 'Bearer merchant-token',
    });
  });

  it('sends a multipart form as is, with its own boundary, in place of a JSON body', async () => {
    const route = defineRoute({
      method: 'POST',
      path: '/empty',
      service: 'svc-orders',
      access: 'merchant',
      source: 'implied',
      summary: 'test upload',
      schemas: {},
    });
    const form = new FormData();
    form.append('csvFile', new Blob(['orderNumber\n1001\n'], { type: 'text/csv' }), 'orders.csv');
    await createApiClient({ baseUrl, getToken: () => 'tok' }).call(route, { form });
    expect(lastRequest.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(lastRequest.body).toContain('name="csvFile"; filename="orders.csv"');
    expect(lastRequest.body).toContain('1001');
  });

  it('keeps the raw answer text of a failure for screens that show the body', async () => {
    const error = await createApiClient({ baseUrl })
      .get('/down')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, body: 'Bad Gateway' });
  });

  it('reports a refused connection as a network failure with status 0', async () => {
    const error = await createApiClient({ baseUrl: 'http://127.0.0.1:9' })
      .get('/ok')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, isNetworkFailure: true });
  });
});

describe('payment required (402)', () => {
  it("keeps the answer's reason, and is no expired session though its text says 'expired'", async () => {
    const error = await createApiClient({ baseUrl })
      .get('/closed')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 402,
      serverMessage: 'Your free trial has expired. Please subscribe to continue using ONVELOPE.',
      reason: 'trial_expired',
      paymentRequiredReason: 'trial_expired',
      isSessionExpired: false,
    });
  });

  it('tells onPaymentRequired about every 402, then still rejects the call', async () => {
    const seen: [string | null, number][] = [];
    const api = createApiClient({
      baseUrl,
      onPaymentRequired: (reason, error) => seen.push([reason, error.status]),
    });
    await expect(api.get('/closed')).rejects.toMatchObject({ status: 402 });
    const route = defineRoute({
      method: 'GET',
      path: '/closed',
      service: 'svc-orders',
      access: 'merchant',
      source: 'implied',
      summary: 'a workspace call',
      schemas: {},
    });
    await expect(api.call(route)).rejects.toBeInstanceOf(ApiError);
    await expect(api.download(route)).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual([
      ['trial_expired', 402],
      ['trial_expired', 402],
      ['trial_expired', 402],
    ]);
  });

  it('passes null for a 402 whose reason the client does not know', async () => {
    const seen: (string | null)[] = [];
    const api = createApiClient({ baseUrl, onPaymentRequired: (reason) => seen.push(reason) });
    const error = await api.get('/closed-unknown').catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'no_such_reason', paymentRequiredReason: null });
    expect(seen).toEqual([null]);
  });

  it('leaves other failures alone, whatever reason they carry', async () => {
    const seen: (string | null)[] = [];
    const api = createApiClient({ baseUrl, onPaymentRequired: (reason) => seen.push(reason) });
    const refused = await api.get('/refused-with-reason').catch((e: unknown) => e);
    await api.get('/expired').catch(() => undefined);
    await api.get('/down').catch(() => undefined);
    expect(refused).toMatchObject({ status: 400, paymentRequiredReason: null });
    expect(seen).toEqual([]);
  });
});

describe('download', () => {
  const fileRoute = defineRoute({
    method: 'POST',
    path: '/file',
    service: 'svc-orders',
    access: 'merchant',
    source: 'implied',
    summary: 'A file',
    streaming: 'response',
    schemas: { body: z.object({ format: z.string() }) },
  });

  it("resolves to the answer's bytes and the file name of its Content-Disposition", async () => {
    const api = createApiClient({ baseUrl, getToken: () => 'seller-token' });
    const file = await api.download(fileRoute, { body: { format: 'csv' } });
    expect(file.filename).toBe('onvelope-report-20260301-140509.csv');
    await expect(file.blob.text()).resolves.toBe('accept=*/*;{"format":"csv"}');
    expect(lastRequest.authorization).toBe('Bearer seller-token');
  });

  it('turns a refused export into an ApiError with the status and the server text', async () => {
    const api = createApiClient({ baseUrl });
    const error = await api
      .download({ ...fileRoute, path: '/too-big' }, { body: { format: 'pdf' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      serverMessage: 'PDF export is limited to 10,000 rows',
    });
  });
});

describe('filenameFromContentDisposition', () => {
  it('reads quoted, bare and RFC 5987 names, preferring the extended one', () => {
    expect(filenameFromContentDisposition('attachment; filename="a b.csv"')).toBe('a b.csv');
    expect(filenameFromContentDisposition('attachment; filename=r.pdf')).toBe('r.pdf');
    expect(
      filenameFromContentDisposition(
        'attachment; filename="fallback.xlsx"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.xlsx',
      ),
    ).toBe('résumé.xlsx');
  });

  it('drops any path and gives null when there is no name', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../etc/x.csv"')).toBe('x.csv');
    expect(filenameFromContentDisposition('attachment')).toBeNull();
    expect(filenameFromContentDisposition(null)).toBeNull();
  });
});

describe('failureMessage and detailMessages', () => {
  it("show the server's error text, else the screen's fallback", async () => {
    const fromServer = await createApiClient({ baseUrl })
      .post('/invalid', {})
      .catch((e: unknown) => e);
    const withoutError = await createApiClient({ baseUrl })
      .get('/down')
      .catch((e: unknown) => e);
    const network = await createApiClient({ baseUrl: 'http://127.0.0.1:9' })
      .get('/ok')
      .catch((e: unknown) => e);
    expect(failureMessage(fromServer, 'Verification failed')).toBe('Validation failed');
    expect(failureMessage(withoutError, 'Verification failed')).toBe('Verification failed');
    expect(failureMessage(network, 'Verification failed')).toBe('Verification failed');
    expect(failureMessage(new Error('boom'), 'An error occurred')).toBe('An error occurred');
  });

  it('join the detail messages of a failure, or give null when there are none', () => {
    const error = new ApiError(400, 'Validation failed', [
      { message: 'You must agree to the Terms of Service and Privacy Policy.' },
      { message: 'You must agree to the payment terms and billing.' },
    ]);
    expect(detailMessages(error)).toBe(
      'You must agree to the Terms of Service and Privacy Policy., You must agree to the payment terms and billing.',
    );
    expect(detailMessages(new ApiError(400, 'Bad'))).toBeNull();
    expect(detailMessages(new Error('x'))).toBeNull();
  });
});

describe('session refused (401)', () => {
  const route = defineRoute({
    method: 'PUT',
    path: '/expired',
    service: 'svc-orders',
    access: 'merchant',
    source: 'implied',
    summary: 'a workspace call',
    schemas: {},
  });

  it('tells onSessionExpired about a 401 to a call that carried the token, then rejects', async () => {
    const seen: number[] = [];
    const api = createApiClient({
      baseUrl,
      getToken: () => 'tok-1',
      onSessionExpired: (error) => seen.push(error.status),
    });
    await expect(api.call(route)).rejects.toMatchObject({ status: 401, isSessionExpired: true });
    await expect(api.download(route)).rejects.toBeInstanceOf(ApiError);
    await expect(api.get('/expired')).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual([401, 401, 401]);
  });

  it('leaves a 401 to a call without a token, and every other failure, alone', async () => {
    const seen: number[] = [];
    const api = createApiClient({
      baseUrl,
      getToken: () => 'tok-1',
      onSessionExpired: (error) => seen.push(error.status),
    });
    await api.call(route, { token: null }).catch(() => undefined);
    await api.get('/closed').catch(() => undefined);
    await api.get('/invalid').catch(() => undefined);
    await api.get('/down').catch(() => undefined);
    const anonymous = createApiClient({
      baseUrl,
      getToken: () => null,
      onSessionExpired: (error) => seen.push(error.status),
    });
    await anonymous.get('/expired').catch(() => undefined);
    expect(seen).toEqual([]);
  });
});
