import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, routeTable } from '../src/index.js';

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument() as {
    openapi: string;
    paths: Record<
      string,
      Record<string, { security?: unknown; responses: Record<string, unknown> }>
    >;
  };

  it('has an operation for every route in the table', () => {
    const operations = Object.values(document.paths).flatMap((path) => Object.keys(path));
    expect(document.openapi).toBe('3.1.0');
    expect(operations).toHaveLength(routeTable.length);
  });

  it('describes response schemas generated from zod', () => {
    const jwks = document.paths['/auth/.well-known/jwks.json']?.get?.responses['200'];
    expect(JSON.stringify(jwks)).toContain('"keys"');
  });

  it('asks for a bearer token on merchant and customer calls only', () => {
    expect(document.paths['/auth/profile']?.get?.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/customer/lookup']?.post?.security).toBeUndefined();
  });
});
