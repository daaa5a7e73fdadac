import { randomUUID } from 'node:crypto';
import type { AuthContext } from '@onvelope/contracts';
import { type OutboxBacklog } from '@onvelope/service-kit/observability';
import { markedBacklog } from '@onvelope/service-kit/outbox';
import type { AccountRecord } from '../data/account-record.js';
import type { CustomerDocument } from '../data/customer.model.js';
import type { AccountKind } from '../data/one-time-code.model.js';
import { profileChanged, type SellerDocument } from '../data/seller.model.js';
import type { AuthDeps } from '../deps.js';

export type AccountFields<T> = Partial<Omit<T, '_id'>>;
/** Fields every kind of account has. */
export type CommonFields = AccountFields<AccountRecord>;

/**
 * Sellers and buyers live in separate collections (one email may hold one of each); this is the
 * one view of either that the shared use cases work through.
 */
export interface AccountStore<T extends AccountRecord> extends UnpublishedRevocations {
  kind: AccountKind;
  findByEmail(email: string): Promise<T | null>;
  findById(id: string): Promise<T | null>;
  /** Inserts a new, unverified account; a duplicate email fails with MongoDB's code 11000. */
  create(fields: { email: string; passwordHash: string } & AccountFields<T>): Promise<T>;
  /** Sets fields on the account if it still matches `where`; null when it does not. */
  update(id: string, set: CommonFields | AccountFields<T>, where?: CommonFields): Promise<T | null>;
  claims(account: T): AuthContext;
}

export type UnpublishedRevocation = Pick<AccountRecord, '_id' | 'tokensNotBefore'>;

/** The revocations of one kind of account that NATS has not acknowledged yet. */
export interface UnpublishedRevocations {
  /** At most `limit` of them. */
  unpublishedRevocations(limit: number): Promise<UnpublishedRevocation[]>;
  /** Clears the mark, unless a newer revocation has replaced the one published since. */
  revocationPublished(revocation: UnpublishedRevocation): Promise<void>;
  /** How many wait, and since when (the relay's metrics). */
  revocationBacklog(): Promise<OutboxBacklog>;
}

export function sellerStore({
  sellers,
  now,
  profileRelay,
}: Pick<AuthDeps, 'sellers' | 'now' | 'profileRelay'>) {
  const store: AccountStore<SellerDocument> = {
    kind: 'seller',
    findByEmail: (email) => sellers.findOne({ email }).lean(),
    findById: (id) => sellers.findById(id).lean(),
    async create(fields) {
      const created = await sellers.create({
        _id: randomUUID(),
        accountId: randomUUID(),
        isVerified: false,
        createdAt: now(),
        ...profileChanged(now()),
        ...fields,
      });
      profileRelay.kick();
      return created.toObject();
    },
    async update(id, set, where = {}) {
      // A new address is announced to svc-notify (`events/seller-profile.ts`).
      const announced = 'email' in set;
      const updated = await sellers
        .findOneAndUpdate(
          { ...where, _id: id },
          { $set: announced ? { ...set, ...profileChanged(now()) } : set },
          { returnDocument: 'after' },
        )
        .lean();
      if (announced && updated) profileRelay.kick();
      return updated;
    },
    unpublishedRevocations: (limit) =>
      sellers.find({ revocationUnpublished: true }, { tokensNotBefore: 1 }).limit(limit).lean(),
    async revocationPublished({ _id, tokensNotBefore }) {
      await sellers.updateOne({ _id, tokensNotBefore }, { $unset: { revocationUnpublished: 1 } });
    },
    revocationBacklog: () =>
      markedBacklog(sellers.collection, { revocationUnpublished: true }, 'tokensNotBefore'),
    claims: (seller) => ({ userId: seller._id, accountId: seller.accountId, role: 'merchant' }),
  };
  return store;
}

export function customerStore({ customers, now }: Pick<AuthDeps, 'customers' | 'now'>) {
  const store: AccountStore<CustomerDocument> = {
    kind: 'customer',
    findByEmail: (email) => customers.findOne({ email }).lean(),
    findById: (id) => customers.findById(id).lean(),
    async create(fields) {
      const created = await customers.create({
        _id: randomUUID(),
        isVerified: false,
        createdAt: now(),
        ...fields,
      });
      return created.toObject();
    },
    update: (id, set, where = {}) =>
      customers
        .findOneAndUpdate({ ...where, _id: id }, { $set: set }, { returnDocument: 'after' })
        .lean(),
    unpublishedRevocations: (limit) =>
      customers.find({ revocationUnpublished: true }, { tokensNotBefore: 1 }).limit(limit).lean(),
    async revocationPublished({ _id, tokensNotBefore }) {
      await customers.updateOne({ _id, tokensNotBefore }, { $unset: { revocationUnpublished: 1 } });
    },
    revocationBacklog: () =>
      markedBacklog(customers.collection, { revocationUnpublished: true }, 'tokensNotBefore'),
    // A buyer's account is the buyer: the tenant of what it claims is its own id.
    claims: (customer) => ({ userId: customer._id, accountId: customer._id, role: 'customer' }),
  };
  return store;
}
