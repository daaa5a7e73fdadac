import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, routeTable } from '../src/index.js';

interface Operation {
  operationId: string;
  description: string;
  tags: string[];
  security: Record<string, string[]>[];
  requestBody?: { required: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
}

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument() as {
    openapi: string;
    tags: { name: string }[];
    paths: Record<string, Record<string, Operation>>;
    components: { responses: Record<string, { headers?: Record<string, unknown> }> };
  };
  const operations = Object.values(document.paths).flatMap((path) => Object.values(path));
  const op = (method: string, path: string) => document.paths[path]?.[method] as Operation;

  it('has an operation for every route in the table', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(operations).toHaveLength(routeTable.length);
  });

  it('describes response schemas generated from zod', () => {
    const jwks = op('get', '/auth/.well-known/jwks.json').responses['200'];
    expect(JSON.stringify(jwks)).toContain('"keys"');
  });

  it('names each operation once, by the name the contracts export it under', () => {
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(op('put', '/api/bigcartel/orders/{orderNumber}/shipped').operationId).toBe(
      'markShipped',
    );
    expect(op('get', '/api/health').operationId).toBe('getApiHealth');
  });

  it('tags each operation with its service and describes it', () => {
    const tags = new Set(document.tags.map((tag) => tag.name));
    for (const operation of operations) {
      expect(tags).toContain(operation.tags[0]);
      expect(operation.description.length).toBeGreaterThan(10);
    }
  });

  it('asks a seller for their token or an API key, a buyer for theirs, and nobody else for anything', () => {
    expect(op('get', '/auth/profile').security).toEqual([{ sellerToken: [] }]);
    expect(op('get', '/api/upload/summary').security).toEqual([
      { sellerToken: [] },
      { apiKey: [] },
    ]);
    expect(op('get', '/api/customer/orders').security).toEqual([{ buyerToken: [] }]);
    expect(op('post', '/api/customer/lookup').security).toEqual([]);
  });

  it('gives the success code each service really answers', () => {
    expect(Object.keys(op('post', '/auth/api-keys').responses)).toContain('201');
    expect(Object.keys(op('post', '/api/keyword-rules/apply').responses)).toContain('202');
    expect(Object.keys(op('get', '/auth/google').responses)).toContain('302');
    expect(Object.keys(op('post', '/api/bigcartel/connections/{id}/sync').responses)).toEqual(
      expect.arrayContaining(['200', '202']),
    );
  });

  it('describes the CSV upload as a multipart body with the file in csvFile', () => {
    const body = op('post', '/api/upload/csv').requestBody;
    expect(body?.required).toBe(true);
    expect(JSON.stringify(body?.content['multipart/form-data'])).toContain('"csvFile"');
  });

  it('gives every answer with a body a schema', () => {
    for (const operation of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status.startsWith('2')) expect(response.content, operation.operationId).toBeDefined();
      }
    }
  });

  it('answers the refusals that fit each route, with Retry-After on 429', () => {
    const upload = Object.keys(op('post', '/api/upload/csv').responses);
    expect(upload).toEqual(expect.arrayContaining(['400', '401', '402', '403', '413', '429']));
    expect(Object.keys(op('get', '/api/payments/plans').responses)).not.toContain('401');
    expect(Object.keys(op('post', '/auth/signup').responses)).toContain('409');
    expect(document.components.responses.TooManyRequests?.headers).toHaveProperty('Retry-After');
  });
});
