import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestDatabase, uniqueDatabaseName } from '@onvelope/testkit';
import { loadSigningKey } from '../src/use-cases/load-signing-key.js';

describe('loadSigningKey', () => {
  let db: mongoose.Connection;
  beforeAll(async () => {
    db = await connectTestDatabase(uniqueDatabaseName('keys'));
  });
  afterAll(() => db.close());

  it('gives every instance starting at once the same key', async () => {
    const signers = await Promise.all(Array.from({ length: 6 }, () => loadSigningKey(db)));
    expect(new Set(signers.map((signer) => signer.kid)).size).toBe(1);
    expect(await db.collection('signing_keys').countDocuments()).toBe(1);
  });
});
