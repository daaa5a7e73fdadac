import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  buyerMessages,
  checkoutRequest,
  markShippedRequest,
  replyRequest,
  routeTable,
  toSchema,
  updateCustomerProfileRequest,
  updateProfileRequest,
} from '../src/index.js';

/**
 * Issue 32, defect 9: one rule for the text of every request body. A control character stored
 * through the JSON API ended up in exports the importer then refused as binary.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

const isString = (schema: JsonSchema): boolean =>
  schema.type === 'string' || (schema.anyOf ?? []).some(isString);

/** The paths of every string field of a body schema, nested objects and intersections included. */
function stringFields(schema: JsonSchema, prefix: string[] = []): string[][] {
  const parts = [schema, ...(schema.allOf ?? []), ...(schema.anyOf ?? [])];
  return parts.flatMap((part) =>
    Object.entries(part.properties ?? {}).flatMap(([name, property]) =>
      isString(property) ? [[...prefix, name]] : stringFields(property, [...prefix, name]),
    ),
  );
}

const bodyWith = (path: string[], value: string): unknown =>
  path.reduceRight<unknown>((inner, name) => ({ [name]: inner }), value);

/** Passwords are never shown, exported or stored as text (only their hash is): any character goes. */
const passwords = new Set(['password', 'newPassword', 'currentPassword', 'confirmPassword']);

const fields = [
  ...new Map(
    routeTable.flatMap((route) => {
      const body = route.schemas.body;
      if (!body) return [];
      return stringFields(toSchema(body) as JsonSchema)
        .filter((path) => !passwords.has(path.at(-1)!))
        .map((path) => {
          const name = `${route.method} ${route.path} ${path.join('.')}`;
          return [name, { name, body, path }] as const;
        });
    }),
  ).values(),
];

/** The issues a value at `path` raises there (other fields' issues are not this test's concern). */
const issuesAt = (body: z.ZodType, path: string[], value: string) =>
  (body.safeParse(bodyWith(path, value)).error?.issues ?? []).filter(
    (issue) => issue.path.join('.') === path.join('.'),
  );

/** Values of every kind the bodies take; each field is tried with the first it accepts. */
const cleanValues = [
  'Ann',
  'ann@example.com',
  'https://a.example/x',
  '123456',
  '+44 20 7946',
  'Europe/London',
  '2025-10-02',
  '2025-03-01T10:00:00Z',
];
const cleanValueOf = (body: z.ZodType, path: string[]) =>
  cleanValues.find((value) => issuesAt(body, path, value).length === 0);
/** The field's clean value with `inserted` before its last character (inside a URL's path). */
const spoilt = (clean: string, inserted: string) => clean.slice(0, -1) + inserted + clean.slice(-1);

describe('text in request bodies', () => {
  it('finds the text fields of the request bodies', () => {
    expect(fields.length).toBeGreaterThan(40);
  });

  it.each(fields)('$name refuses control characters', ({ body, path }) => {
    // Enums and literals accept no value of this list: nothing else can be stored in them.
    const clean = cleanValueOf(body, path);
    if (clean === undefined) return;
    for (const control of ['\u0000', '\u0001', '\u001b', '\u007f', '\u0085', '\u009f']) {
      const value = spoilt(clean, control);
      expect(issuesAt(body, path, value), JSON.stringify(value)).not.toEqual([]);
    }
  });

  it('takes line breaks and tabs only in messages and notes (and URLs, which drop them)', () => {
    const multiLine = fields
      .filter(({ body, path }) => {
        const clean = cleanValueOf(body, path);
        return clean !== undefined && issuesAt(body, path, spoilt(clean, '\r\n\t')).length === 0;
      })
      .map(({ name }) => name)
      .filter((name) => !/ (website|avatar|trackingUrl|successUrl|cancelUrl|logoUrl)$/.test(name));
    expect(multiLine).toEqual([
      'POST /api/keyword-rules customMessage',
      'PUT /api/keyword-rules/{id} customMessage',
      'POST /api/keyword-rules/preview customMessage',
      'POST /api/public/seller-queries/{id}/reply message',
      'POST /api/order-queries message',
      'PATCH /api/customer/orders/{id} notes',
    ]);
  });

  it('keeps no line break or tab of a URL: the URL standard drops them, as browsers do', () => {
    const pasted = 'https://a.example/track\r\n?id=\t1';
    const parsed = [
      markShippedRequest.parse({ trackingNumber: '1', courier: 'DHL', trackingUrl: pasted })
        .trackingUrl,
      updateProfileRequest.parse({ website: pasted }).website,
      updateCustomerProfileRequest.parse({ avatar: pasted }).avatar,
      checkoutRequest.parse({ priceId: 'p', successUrl: pasted, cancelUrl: pasted }).successUrl,
    ];
    expect(parsed).toEqual(Array(4).fill('https://a.example/track?id=1'));
  });

  it('makes a link only of a web address: javascript:, data: and other schemes are refused', () => {
    const shipped = (trackingUrl: string) =>
      markShippedRequest.safeParse({ trackingNumber: '1', courier: 'DHL', trackingUrl });
    for (const address of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://a.example/t']) {
      expect(shipped(address).error?.issues.map((issue) => issue.message)).toContain(
        'Tracking URL must be a web address (http:// or https://)',
      );
      expect(updateProfileRequest.safeParse({ website: address }).success).toBe(false);
      expect(updateCustomerProfileRequest.safeParse({ avatar: address }).success).toBe(false);
    }
    expect(shipped('HTTPS://a.example/t').success).toBe(true);
  });
});

describe('messages of text fields', () => {
  const messagesOf = (result: { error?: z.ZodError }) =>
    result.error?.issues.map((issue) => issue.message);

  it("says a required field's words when it is missing or not text, and its limit's when too long", () => {
    expect(messagesOf(markShippedRequest.safeParse({ courier: 'DHL' }))).toEqual([
      'Tracking number is required',
    ]);
    expect(
      messagesOf(markShippedRequest.safeParse({ trackingNumber: 12345, courier: 'DHL' })),
    ).toEqual(['Tracking number is required']);
    expect(
      messagesOf(markShippedRequest.safeParse({ trackingNumber: 'x'.repeat(101), courier: 'DHL' })),
    ).toEqual(['Tracking number is longer than 100 characters']);
    expect(
      messagesOf(markShippedRequest.safeParse({ trackingNumber: '1', courier: 'x'.repeat(101) })),
    ).toEqual(['Courier is longer than 100 characters']);
    expect(messagesOf(replyRequest.safeParse({ message: 'x'.repeat(5_001) }))).toEqual([
      'The reply is longer than 5000 characters',
    ]);
    expect(messagesOf(replyRequest.safeParse({ message: '  ' }))).toEqual([
      buyerMessages.replyRequired,
    ]);
  });
});
