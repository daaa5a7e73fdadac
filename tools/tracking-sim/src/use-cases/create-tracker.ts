import { isRecord } from '@onvelope/sim-kit';
import { detectCarrier, normaliseCarrier, normaliseTrackingCode } from '../domain/carriers.js';
import { lifeFor, LifeError } from '../domain/life.js';
import { type Mode } from '../http/auth.js';
import { EasyPostFailure } from '../http/errors.js';
import { type SimState } from '../state/sim-state.js';
import { type TrackerRecord } from '../state/trackers.js';
import { type TrackerEvents } from '../webhooks/tracker-events.js';

const codeShape = /^[A-Z0-9-]{5,40}$/;

const invalid = (message: string) =>
  new EasyPostFailure(422, 'TRACKER.INVALID_PARAMS', message, []);

/** Reads `{tracker: {tracking_code, carrier?}}` as the SDK's `Tracker.create` sends it. */
export function readTrackerParams(body: unknown): { trackingCode: string; carrier?: string } {
  const tracker = isRecord(body) ? body.tracker : undefined;
  if (!isRecord(tracker)) throw invalid('Wrap the parameters in "tracker": {"tracking_code": …}.');
  const { tracking_code: code, carrier } = tracker;
  if (typeof code !== 'string' || code.trim() === '') {
    throw invalid('tracking_code is required.');
  }
  if (
    carrier !== undefined &&
    carrier !== null &&
    (typeof carrier !== 'string' || !carrier.trim())
  ) {
    throw invalid('carrier must be the name of a carrier, e.g. "USPS".');
  }
  return { trackingCode: code, ...(typeof carrier === 'string' ? { carrier } : {}) };
}

/**
 * Creates a tracker, or finds the one this mode already has for the same code and carrier (EasyPost
 * returns the original instead of a duplicate). A new tracker's life starts now and its
 * `tracker.created` event is published.
 */
export function createTracker(
  state: SimState,
  events: TrackerEvents,
  mode: Mode,
  params: { trackingCode: string; carrier?: string },
): { tracker: TrackerRecord; created: boolean } {
  const trackingCode = normaliseTrackingCode(params.trackingCode);
  if (!codeShape.test(trackingCode)) {
    throw invalid(`${params.trackingCode} is not a tracking code (5 to 40 letters and digits).`);
  }
  const carrier = params.carrier ? normaliseCarrier(params.carrier) : detectCarrier(trackingCode);
  if (!carrier) {
    throw new EasyPostFailure(
      422,
      'TRACKER.NO_CARRIER_FOR_CODE',
      `Unable to determine the carrier for tracking code ${trackingCode}. Please provide a carrier.`,
    );
  }
  const existing = state.trackers.find(mode, trackingCode, carrier);
  if (existing) return { tracker: existing, created: false };

  let life;
  try {
    life = lifeFor(trackingCode, carrier);
  } catch (error) {
    if (error instanceof LifeError) throw new EasyPostFailure(422, error.code, error.message);
    throw error;
  }
  const tracker = state.trackers.add({
    mode,
    trackingCode,
    carrier,
    life,
    createdAt: state.now(),
    stepMs: state.config.stepMs,
  });
  events.created(tracker);
  return { tracker, created: true };
}
