import { Schema, type Connection, type Model, type mongo } from 'mongoose';
import { registeredModel } from '@onvelope/service-kit/mongo';
import type { TallyTree } from '../domain/rollup-tally.js';

/**
 * A seller's tally (`domain/rollup-tally.ts`), kept change by change with `$inc` on its tree's
 * paths, and what keeps it exact beside several replicas and a recount.
 */
export interface StoredTally {
  _id: string;
  /** The tree's top-level nodes (`n`, `st`, `dl`, `dn`, `s`), as `$inc` made them. */
  [node: string]: unknown;
  /** The `TALLY_FORMAT` of the last recount; absent until the first recount from the facts. */
  format?: number;
  /** The time zone the tally's days and hours are counted in. */
  timeZone?: string;
  /** When the facts were last counted again into the tally. */
  recountedAt?: Date;
  /**
   * The messages applying changes now (`id`, `at` they started): a recount waits for them, and one
   * left by a stopped process (older than `STALE_APPLYING_MS`) means a change may be missing.
   */
  applying?: { id: string; at: Date }[];
  /** Set while a recount runs: changes are then not applied but left to a recount after it. */
  recounting?: Date | null;
  /** A change could not be applied exactly (see `apply-tally-changes.ts`): the next refresh recounts. */
  recountAgain?: boolean;
}

/** The tree nodes a recount replaces (everything `addToTally` writes in the seller's tree). */
export const tallyNodes = ['n', 'st', 'dl', 'dn', 's'] as const;

/** One customer's tally in one currency: orders `o`, revenue `r`, and `d`, `t`, `c` (see there). */
export interface StoredCustomerTally {
  /** `<accountId>|<currency key>|<email>`. */
  _id: string;
  accountId: string;
  currency: string;
  email: string;
  [node: string]: unknown;
}

/** One day's part of a seller's tree (`splitPaths`): a currency's day bucket, or the deliveries. */
export interface StoredDayTally {
  /** `<accountId>|<scope>|<day>`, the scope and day as the tree's keys. */
  _id: string;
  accountId: string;
  scope: string;
  day: string;
  [node: string]: unknown;
}

const tallySchema = new Schema<StoredTally>(
  {
    _id: { type: String, required: true },
    format: { type: Number },
    timeZone: { type: String },
    recountedAt: { type: Date },
    applying: { type: [{ _id: false, id: String, at: Date }], default: undefined },
    recounting: { type: Date, default: null },
    recountAgain: { type: Boolean },
  },
  // The tree is written by `$inc` on its paths through the driver, never through the schema.
  { versionKey: false, strict: false, collection: 'analytics_tallies' },
);

const customerTallySchema = new Schema<StoredCustomerTally>(
  {
    _id: { type: String, required: true },
    accountId: { type: String, required: true, index: true },
    currency: { type: String, required: true },
    email: { type: String, required: true },
  },
  { versionKey: false, strict: false, collection: 'analytics_customer_tallies' },
);

const dayTallySchema = new Schema<StoredDayTally>(
  {
    _id: { type: String, required: true },
    accountId: { type: String, required: true, index: true },
    scope: { type: String, required: true },
    day: { type: String, required: true },
  },
  { versionKey: false, strict: false, collection: 'analytics_day_tallies' },
);

export type TallyModel = Model<StoredTally>;

/**
 * The sellers' tallies through the driver, for the updates naming the tree's paths: mongoose casts
 * each path of an update against the schema at a cost growing with the square of the paths (4,000,
 * one message of new items, held the event loop for 8-16 s, and every call of the service with it).
 */
export const tallyCollectionOf = (tallies: TallyModel) =>
  // String ids; the tree's paths are any names, as the driver's default document type has them.
  tallies.collection as unknown as mongo.Collection<{ _id: string } & mongo.Document>;
export type CustomerTallyModel = Model<StoredCustomerTally>;

export interface TallyModels {
  tallies: TallyModel;
  customerTallies: CustomerTallyModel;
  dayTallies: Model<StoredDayTally>;
}

/** The tallies live beside the facts they are counted from. */
export const tallyModels = (db: Connection): TallyModels => ({
  tallies: registeredModel(db, 'Tally', tallySchema),
  customerTallies: registeredModel(db, 'CustomerTally', customerTallySchema),
  dayTallies: registeredModel(db, 'DayTally', dayTallySchema),
});

export const dayTallyIdOf = (accountId: string, scope: string, day: string) =>
  `${accountId}|${scope}|${day}`;

export const customerTallyIdOf = (accountId: string, currency: string, email: string) =>
  `${accountId}|${currency}|${email}`;

/** The tree of a stored part of a tally: the document without the fields that file it. */
export const storedTreeOf = (
  document: StoredCustomerTally | StoredDayTally,
  names: readonly string[],
): TallyTree =>
  Object.fromEntries(
    Object.entries(document).filter(
      ([field]) => field !== '_id' && field !== 'accountId' && !names.includes(field),
    ),
  ) as TallyTree;
