import { Schema, type Connection, type Model } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';
import type { CurrencyRollup, SharedRollup } from '../domain/currency-rollups.js';

/**
 * One seller's rollup: what every analytics call reads, so a call costs the same whatever the
 * seller's history. `dirtyAt` is when their facts last changed and `computedAt` when the stored
 * figures started being computed; figures are current when `computedAt` is later.
 */
export interface StoredRollup extends Partial<SharedRollup> {
  _id: string;
  /** The panels with money, one rollup per currency (`currencyKeyOf`); see `currency-rollups.ts`. */
  byCurrency?: Record<string, Partial<CurrencyRollup>>;
  /** The keys of `byCurrency`, the most orders first. */
  currencyKeys?: string[];
  dirtyAt: Date | null;
  computedAt: Date | null;
  /** The `ROLLUP_FORMAT` the figures were computed in; absent before format 2. */
  format?: number;
  /** The seller's time zone the days and hours were counted in; absent: `DEFAULT_TIME_ZONE`. */
  timeZone?: string;
  /** The replica refreshing the figures now, and until when (`rollup-refresh-lease.ts`). */
  refreshHolder?: string | null;
  refreshHeldUntil?: Date | null;
}

const panel = { type: Schema.Types.Mixed, default: undefined };

const rollupSchema = new Schema<StoredRollup>(
  {
    _id: { type: String, required: true },
    byCurrency: panel,
    currencyKeys: { type: [String], default: undefined },
    deliverySuccess: panel,
    deliveryTimes: panel,
    recountOn: { type: String },
    dirtyAt: { type: Date, default: null },
    computedAt: { type: Date, default: null },
    format: { type: Number },
    timeZone: { type: String },
    refreshHolder: { type: String },
    refreshHeldUntil: { type: Date },
  },
  { versionKey: false, collection: 'analytics_rollups' },
);

export type RollupModel = Model<StoredRollup>;

export const rollupModel = (db: Connection): RollupModel =>
  registeredModel(db, 'Rollup', rollupSchema);
