import { describe, expect, it } from 'vitest';
import { lifeFor } from './life.js';
import { checkpointAt, viewAfter, viewAt, visibleCount } from './tracker-state.js';

const createdAt = Date.parse('2026-03-02T15:00:00Z');
const step = 1_000;

describe('a tracker at a given time', () => {
  const delivered = lifeFor('EZ4000000004', 'USPS');

  it('shows the first checkpoint at creation and one more every step', () => {
    expect(visibleCount(delivered, 0, step)).toBe(1);
    expect(visibleCount(delivered, 999, step)).toBe(1);
    expect(visibleCount(delivered, 1_000, step)).toBe(2);
    expect(visibleCount(delivered, 60_000, step)).toBe(delivered.checkpoints.length);
    expect(visibleCount(delivered, -5, step)).toBe(0);
  });

  it('is pre_transit at creation and delivered once its life is over', () => {
    const start = viewAt(delivered, createdAt, step, createdAt);
    expect(start).toMatchObject({
      status: 'pre_transit',
      statusDetail: 'status_update',
      signedBy: null,
      weightOz: null,
      estDeliveryAt: null,
      updatedAt: createdAt,
      complete: false,
    });
    const end = viewAt(delivered, createdAt, step, createdAt + 3_600_000);
    expect(end).toMatchObject({
      status: 'delivered',
      statusDetail: 'arrived_at_destination',
      signedBy: 'John Tester',
      weightOz: 17.6,
      complete: true,
    });
    expect(end.details).toHaveLength(delivered.checkpoints.length);
    expect(end.updatedAt).toBe(checkpointAt(createdAt, step, delivered.checkpoints.length - 1));
  });

  it('dates each scan when it happened, oldest first', () => {
    const view = viewAfter(delivered, 3, createdAt, step);
    expect(view.details.map((detail) => detail.at)).toEqual([
      createdAt,
      createdAt + step,
      createdAt + 2 * step,
    ]);
  });

  it('knows the weight once the carrier has weighed the parcel', () => {
    expect(viewAfter(delivered, delivered.weighedAt, createdAt, step).weightOz).toBeNull();
    expect(viewAfter(delivered, delivered.weighedAt + 1, createdAt, step).weightOz).toBe(17.6);
  });

  it('expects delivery at the checkpoint the carrier estimates', () => {
    const view = viewAfter(delivered, 3, createdAt, step);
    expect(view.estDeliveryAt).toBe(
      checkpointAt(createdAt, step, delivered.checkpoints.length - 1),
    );
  });

  it('records the first delivery attempt, even a failed one', () => {
    const returned = lifeFor('EZ5000000005', 'USPS');
    const attempt = returned.checkpoints.findIndex((checkpoint) => checkpoint.attempt);
    expect(viewAfter(returned, attempt, createdAt, step).initialDeliveryAttemptAt).toBeNull();
    expect(viewAfter(returned, returned.checkpoints.length, createdAt, step)).toMatchObject({
      status: 'return_to_sender',
      initialDeliveryAttemptAt: checkpointAt(createdAt, step, attempt),
      estDeliveryAt: null,
      signedBy: null,
    });
  });

  it('stays unknown when the carrier never reports anything', () => {
    const unknown = lifeFor('EZ7000000007', 'USPS');
    expect(viewAt(unknown, createdAt, step, createdAt + 3_600_000)).toMatchObject({
      status: 'unknown',
      statusDetail: 'unknown',
      details: [],
      complete: true,
      updatedAt: createdAt,
    });
  });
});
