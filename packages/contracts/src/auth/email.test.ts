import { describe, expect, it } from 'vitest';
import { isDeliverableEmail } from './schemas.js';

describe('isDeliverableEmail', () => {
  it.each([
    'ann@example.com',
    'ann.lee+orders@mail.example.co.uk',
    "o'brien@example.ie",
    'x_y-z@sub-domain.example.org',
  ])('accepts %j', (email) => expect(isDeliverableEmail(email)).toBe(true));

  it.each([
    'a>b@example.com',
    'a,b@example.com',
    'a(b)@example.com',
    '"a b"@example.com',
    'a..b@example.com',
    '.a@example.com',
    'a@example',
    'a@-example.com',
    'a@example.c0m',
    'a b@example.com',
    'ann@',
    `${'a'.repeat(250)}@example.com`,
  ])('refuses %j', (email) => expect(isDeliverableEmail(email)).toBe(false));
});
