import { trackingEntryStatuses } from '@onvelope/contracts';

/** What a seller's counters count: each status of the contracts, and any other as `other`. */
export type CountedStatus = (typeof trackingEntryStatuses)[number] | 'other';
export type StatusCounts = Record<CountedStatus, number>;

export const countedStatuses: readonly CountedStatus[] = [...trackingEntryStatuses, 'other'];

const known = new Set<string>(trackingEntryStatuses);
export const countedStatusOf = (status: string): CountedStatus =>
  known.has(status) ? (status as CountedStatus) : 'other';

/** Every counted status at 0, with what is given. */
export const statusCountsOf = (given: Partial<StatusCounts> = {}): StatusCounts =>
  Object.fromEntries(countedStatuses.map((status) => [status, given[status] ?? 0])) as StatusCounts;

/** What one write does to an entry's status, as its writer knows it before writing. */
export interface StatusMove {
  /** The status before: null when the write creates the entry, undefined when it is not known. */
  from: string | null | undefined;
  /** The status the write sets; undefined when it leaves the status as it is. */
  to: string | undefined;
  /** The write lands only if the entry is unchanged since it was read (a version guard). */
  guarded?: boolean;
}

/** A write that the database took, with what it did. */
export interface LandedWrite {
  move?: StatusMove;
  /** An upsert that created the entry. */
  created: boolean;
  /** Run in its other form because another writer had stored the entry meanwhile. */
  replaced: boolean;
}

/**
 * What a batch changes in its seller's counters. `doubtful`: some change could not be known here
 * (a status before the write that was not read, a guarded write that may not have landed), so the
 * counters are to be recounted; the known changes are counted all the same.
 */
export interface StatusTally {
  deltas: Partial<StatusCounts>;
  doubtful: boolean;
}

function tally(): StatusTally & { add(status: string, by: number): void } {
  const deltas: Partial<StatusCounts> = {};
  return {
    deltas,
    doubtful: false,
    add(status, by) {
      const counted = countedStatusOf(status);
      deltas[counted] = (deltas[counted] ?? 0) + by;
      if (deltas[counted] === 0) delete deltas[counted];
    },
  };
}

/**
 * The counters' changes of a batch's landed writes. `everyGuardLanded`: the database matched every
 * write, so no guarded update was turned away (which one was is not reported).
 */
export function statusTallyOf(writes: LandedWrite[], everyGuardLanded: boolean): StatusTally {
  const result = tally();
  for (const { move, created, replaced } of writes) {
    // A new entry: an upsert that found nothing holds the default status unless it set one.
    if (created) result.add(move?.to ?? 'pending', 1);
    else if (!move || move.to === undefined) continue;
    // Run against another writer's entry, whose status before this write is not known here.
    else if (replaced) result.doubtful = true;
    else if (move.from === null) result.add(move.to, 1);
    else if (move.from === undefined || (move.guarded && !everyGuardLanded)) result.doubtful = true;
    else if (move.to !== move.from) {
      result.add(move.from, -1);
      result.add(move.to, 1);
    }
  }
  return { deltas: result.deltas, doubtful: result.doubtful };
}

/** The counters' changes of deleting entries of these statuses. */
export function removalTallyOf(statuses: readonly string[]): StatusTally {
  const result = tally();
  for (const status of statuses) result.add(status, -1);
  return { deltas: result.deltas, doubtful: false };
}
