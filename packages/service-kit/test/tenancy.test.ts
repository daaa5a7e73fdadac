import type mongoose from 'mongoose';
import { Schema, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testInfra, uniqueDatabaseName } from '@onvelope/testkit';
import { connectDatabase, forAccount } from '../src/mongo/index.js';

interface Note {
  accountId: string;
  text: string;
}

describe('forAccount', () => {
  let db: Connection;
  let notes: mongoose.Model<Note>;

  beforeAll(async () => {
    db = await connectDatabase(testInfra().mongoUrl, uniqueDatabaseName('tenancy'));
    notes = db.model(
      'Note',
      new Schema<Note>({ accountId: { type: String, required: true }, text: String }),
    );
    await forAccount(notes, 'seller-a').create({ text: 'a1' });
    await forAccount(notes, 'seller-a').create({ text: 'a2' });
    await forAccount(notes, 'seller-b').create({ text: 'b1' });
  });
  afterAll(() => db.close());

  it('stamps created documents with the account', async () => {
    expect(await notes.countDocuments({ accountId: 'seller-b' })).toBe(1);
  });

  it("reads only the account's own documents, whatever the filter asks for", async () => {
    const a = forAccount(notes, 'seller-a');
    expect((await a.find().lean()).map((n) => n.text).sort()).toEqual(['a1', 'a2']);
    const asked = await a.find({ accountId: 'seller-b' }).lean();
    expect(asked.map((n) => n.accountId)).toEqual(['seller-a', 'seller-a']);
    expect(await a.findOne({ text: 'b1' })).toBeNull();
    const b1 = await notes.findOne({ text: 'b1' });
    expect(await a.findById(String(b1?._id))).toBeNull();
  });

  it('puts the account first in every filter and lets no filter name another', () => {
    const scoped = forAccount(notes, 'seller-a').scope({ text: 'a1', accountId: 'seller-b' });
    expect(Object.keys(scoped)).toEqual(['accountId', 'text']);
    expect(scoped.accountId).toBe('seller-a');
  });

  it("cannot change or delete another account's documents", async () => {
    const a = forAccount(notes, 'seller-a');
    expect((await a.updateOne({ text: 'b1' }, { $set: { text: 'stolen' } })).modifiedCount).toBe(0);
    expect((await a.deleteMany({ text: 'b1' })).deletedCount).toBe(0);
    expect(await notes.findOne({ text: 'b1' })).not.toBeNull();
    expect((await a.deleteMany()).deletedCount).toBe(2);
    expect(await notes.countDocuments()).toBe(1);
  });

  it("changes many of the account's own documents, never another's", async () => {
    const b = forAccount(notes, 'seller-b');
    await b.create({ text: 'b2' });
    const changed = await b.updateMany({ accountId: 'seller-a' }, { $set: { text: 'seen' } });
    expect(changed.modifiedCount).toBe(2);
    expect((await notes.find({ text: 'seen' }).lean()).map((n) => n.accountId)).toEqual([
      'seller-b',
      'seller-b',
    ]);
    expect(await forAccount(notes, 'seller-a').exists({ text: 'seen' })).toBeNull();
    expect(await b.exists({ text: 'seen' })).not.toBeNull();
  });

  it('stamps a document an upsert makes with the account', async () => {
    const c = forAccount(notes, 'seller-c');
    await c.updateOne({ text: 'c1' }, { $set: { text: 'c1' } }, { upsert: true });
    expect(await notes.findOne({ text: 'c1' }).lean()).toMatchObject({ accountId: 'seller-c' });
  });

  it('refuses to build a repository without an account', () => {
    expect(() => forAccount(notes, '')).toThrow();
  });
});
