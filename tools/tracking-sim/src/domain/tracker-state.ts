import { type Checkpoint, type Life, type StatusDetail, type TrackerStatus } from './life.js';

/** A checkpoint that has happened, with the moment it happened. */
export interface VisibleCheckpoint {
  checkpoint: Checkpoint;
  /** Epoch ms. */
  at: number;
}

/** What a tracker shows after some of its life has happened. */
export interface TrackerView {
  status: TrackerStatus;
  statusDetail: StatusDetail;
  /** Oldest first, as EasyPost orders `tracking_details`. */
  details: VisibleCheckpoint[];
  /** Epoch ms of the expected delivery, or null. */
  estDeliveryAt: number | null;
  signedBy: string | null;
  weightOz: number | null;
  /** The last scan's time, or the creation time before any scan. */
  updatedAt: number;
  /** The first delivery attempt's time, once there has been one. */
  initialDeliveryAttemptAt: number | null;
  /** Nothing more will happen. */
  complete: boolean;
}

/** When checkpoint `index` happens: the first at creation, then one every `stepMs`. */
export function checkpointAt(createdAt: number, stepMs: number, index: number): number {
  return createdAt + index * stepMs;
}

/** How many checkpoints have happened `elapsedMs` after creation. */
export function visibleCount(life: Life, elapsedMs: number, stepMs: number): number {
  if (life.checkpoints.length === 0 || elapsedMs < 0) return 0;
  return Math.min(life.checkpoints.length, Math.floor(elapsedMs / stepMs) + 1);
}

/** The tracker once its first `count` checkpoints have happened. */
export function viewAfter(
  life: Life,
  count: number,
  createdAt: number,
  stepMs: number,
): TrackerView {
  const shown = Math.max(0, Math.min(count, life.checkpoints.length));
  const details = life.checkpoints
    .slice(0, shown)
    .map((checkpoint, index) => ({ checkpoint, at: checkpointAt(createdAt, stepMs, index) }));
  const last = details[details.length - 1];
  const estimate = last?.checkpoint.estimatedDeliveryIndex ?? null;
  const attempt = details.find((detail) => detail.checkpoint.attempt !== undefined);
  const status = last?.checkpoint.status ?? 'unknown';
  return {
    status,
    statusDetail: last?.checkpoint.statusDetail ?? 'unknown',
    details,
    estDeliveryAt: estimate === null ? null : checkpointAt(createdAt, stepMs, estimate),
    signedBy: status === 'delivered' ? life.signedBy : null,
    weightOz: shown > life.weighedAt ? life.weightOz : null,
    updatedAt: last?.at ?? createdAt,
    initialDeliveryAttemptAt: attempt?.at ?? null,
    complete: shown === life.checkpoints.length,
  };
}

/**
 * The tracker at time `now`: a pure function of its life, its creation time and the time scale.
 *
 * @example
 * const life = lifeFor('EZ4000000004', 'USPS');
 * viewAt(life, createdAt, 1_000, createdAt + 60_000).status; // 'delivered'
 */
export function viewAt(life: Life, createdAt: number, stepMs: number, now: number): TrackerView {
  return viewAfter(life, visibleCount(life, now - createdAt, stepMs), createdAt, stepMs);
}
