import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './api-client.js';

interface SeenRequest {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
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
        body,
      };
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.url?.startsWith('/ok')) return json(200, { echo: body ? JSON.parse(body) : null });
      if (req.url === '/empty') return void res.writeHead(204).end();
      if (req.url === '/invalid')
        return json(400, {
          error: 'Validation failed',
          details: [{ message: 'email is required', path: 'email' }],
        });
      if (req.url === '/expired') return json(401, { error: 'jwt expired' });
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

  it('reports a refused connection as a network failure with status 0', async () => {
    const error = await createApiClient({ baseUrl: 'http://127.0.0.1:9' })
      .get('/ok')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, isNetworkFailure: true });
  });
});
