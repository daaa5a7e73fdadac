import { Schema, type Connection, type InferSchemaType, type Model, type Types } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';
import type { z } from 'zod';
import type { storeFrontConnection } from '@onvelope/contracts';

/**
 * A seller's connection to a store-front store (spec 000 §3 "Store-front connection"). The access
 * token is stored sealed (AES-256-GCM, service-kit's `sealText`) and dropped on disconnect.
 */
const connectionSchema = new Schema(
  {
    accountId: { type: String, required: true },
    /** The seller's user who connected the store. */
    userId: { type: String, required: true },
    platform: { type: String, required: true, default: 'bigcartel' },
    storeAccountId: { type: String, required: true },
    storeName: { type: String, required: true },
    storeUrl: { type: String, default: '' },
    accessToken: { type: String, default: null },
    isActive: { type: Boolean, required: true, default: true },
    lastSyncAt: { type: Date, default: null },
    lastSyncError: { type: String, default: null },
    /**
     * When the last completed sync started: the next incremental sync asks for orders changed since
     * then (a change made while that sync ran is fetched again rather than missed).
     */
    syncedThrough: { type: Date, default: null },
    /**
     * Which `ORDER_MAPPING_VERSION` the last completed full sync read the store with; an older one
     * (null: before versions) makes the next sync a full one, so orders stored before a mapping
     * change gain what it reads (issue 38: shipments) without the seller asking.
     */
    mappedWith: { type: Number, default: null },
    disconnectedAt: { type: Date, default: null },
    /**
     * When the seller last authorised the store (connect or reconnect): names the authorisation,
     * so the store-front refusing it is mailed once (issue 34). Null on connections made before.
     */
    authorizedAt: { type: Date, default: null },
  },
  { timestamps: true, collection: 'store_front_connections' },
);

// Reconnecting a store reuses its connection (and its synced orders keep their connection id).
connectionSchema.index({ accountId: 1, storeAccountId: 1 }, { unique: true });
connectionSchema.index({ accountId: 1, createdAt: 1 });

export type ConnectionDocument = InferSchemaType<typeof connectionSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};

export function connectionModel(db: Connection): Model<ConnectionDocument> {
  return registeredModel<ConnectionDocument>(db, 'StoreFrontConnection', connectionSchema);
}

export function toStoreFrontConnection(
  doc: ConnectionDocument,
): z.infer<typeof storeFrontConnection> {
  return {
    id: String(doc._id),
    storeUrl: doc.storeUrl ?? '',
    storeName: doc.storeName,
    createdAt: doc.createdAt.toISOString(),
    isActive: doc.isActive,
    lastSyncAt: doc.lastSyncAt ? doc.lastSyncAt.toISOString() : null,
  };
}
