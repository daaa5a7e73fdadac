import { serve } from '@onvelope/sim-kit';
import {
  readWebhookOptions,
  webhookSummary,
  type TrackingSimAdmin,
  type WebhookOptions,
  type WebhookSummary,
} from './admin.js';
import { createApp } from './http/app.js';
import { SimState } from './state/sim-state.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';
import { TrackerEvents } from './webhooks/tracker-events.js';

export interface TrackingSimOptions {
  /** 0 or left out: a free port. */
  port?: number;
  /** 127.0.0.1 unless told otherwise. */
  host?: string;
  /** The time between two checkpoints of a tracker's life (default 20 s: a life takes minutes). */
  stepMs?: number;
  /** Webhooks that receive every event from the start (more can be added through the admin API). */
  webhooks?: WebhookOptions[];
  /** Attempts per webhook delivery, the first included (default 5). */
  webhookMaxAttempts?: number;
  /** Wait before the first retry of a failed delivery, doubling after (default 2 s). */
  webhookRetryMs?: number;
  /** How long a receiver may take to answer (default 10 s). */
  webhookTimeoutMs?: number;
  /** How often the scheduler looks for checkpoints that have come due (default a fifth of a step, 10 ms to 1 s). */
  tickMs?: number;
  /** Base of trackers' `public_url` (default the simulator's own URL). */
  publicUrl?: string;
}

export interface TrackingSim extends TrackingSimAdmin {
  /** Where it listens, e.g. `http://127.0.0.1:4020` (no trailing slash). */
  url: string;
  /** `${url}/v2/`: the SDK's `baseUrl`, in place of `https://api.easypost.com/v2/`. */
  apiUrl: string;
  stepMs: number;
  /** The webhooks configured at start. */
  webhooks: WebhookSummary[];
  close(): Promise<void>;
}

/** A test API key the simulator accepts (any key starting with `EZTK` is a test key, `EZAK` production). */
export const simTestApiKey = 'EZTK_tracking_sim_test_key';
export const simProductionApiKey = 'EZAK_tracking_sim_production_key';

function positive(name: string, value: number | undefined, fallback: number): number {
  const chosen = value ?? fallback;
  if (!Number.isFinite(chosen) || chosen <= 0) throw new Error(`${name} must be a positive number`);
  return chosen;
}

/**
 * Starts the EasyPost tracking simulator.
 *
 * @example
 * const sim = await startTrackingSim({ stepMs: 50, webhooks: [{ url: receiverUrl, secret: 'whsec' }] });
 * const client = new EasyPostClient('EZTK_any', { baseUrl: sim.apiUrl });
 * await client.Tracker.create({ tracking_code: 'EZ4000000004' });
 * await sim.close();
 */
export async function startTrackingSim(options: TrackingSimOptions = {}): Promise<TrackingSim> {
  const stepMs = positive('stepMs', options.stepMs, 20_000);
  const state = new SimState({
    stepMs,
    webhookMaxAttempts: Math.max(
      1,
      Math.floor(positive('webhookMaxAttempts', options.webhookMaxAttempts, 5)),
    ),
    webhookRetryMs: positive('webhookRetryMs', options.webhookRetryMs, 2_000),
    webhookTimeoutMs: positive('webhookTimeoutMs', options.webhookTimeoutMs, 10_000),
  });
  const webhooks = (options.webhooks ?? []).map((webhook) =>
    webhookSummary(state.webhooks.add(readWebhookOptions(webhook), 'config', state.now())),
  );
  const dispatcher = new WebhookDispatcher(state);
  const events = new TrackerEvents(state, dispatcher);
  const { app, admin } = createApp(state, events);

  const { url, close } = await serve(app.callback(), options.port, options.host);
  state.publicUrl = (options.publicUrl ?? url).replace(/\/$/, '');
  events.start(options.tickMs ?? Math.min(1_000, Math.max(10, Math.floor(stepMs / 5))));

  return {
    ...admin,
    url,
    apiUrl: `${url}/v2/`,
    stepMs,
    webhooks,
    close: async () => {
      events.stop();
      await dispatcher.close();
      await close();
    },
  };
}
