import { serve } from '@onvelope/sim-kit';
import { type StoreCredentials, type StoreFrontSimAdmin } from './admin.js';
import { createApp } from './http/app.js';
import { SimState, type StoreOptions } from './state/sim-state.js';

export interface StoreFrontSimOptions {
  /** 0 or left out: a free port. */
  port?: number;
  /** 127.0.0.1 unless told otherwise. */
  host?: string;
  /** Seeds every store's orders; the same seed and `now` give the same stores and orders. Default 1. */
  seed?: number;
  /** Stores to create at start (default one store of 50 orders). */
  stores?: StoreOptions[];
  /** The OAuth client the simulator knows. Defaults: `onvelope-dev` / `onvelope-dev-secret`. */
  clientId?: string;
  clientSecret?: string;
  /** Seeded orders are spread over the year before this moment. Default: the start of today (UTC). */
  now?: Date | string | number;
  /** How long an authorisation code can be exchanged (default 10 minutes). */
  codeTtlMs?: number;
}

export interface StoreFrontSim extends StoreFrontSimAdmin {
  /** Where it listens, e.g. `http://127.0.0.1:4010` (no trailing slash). */
  url: string;
  /** `${url}/v1`: the API base, in place of `https://api.bigcartel.com/v1`. */
  apiUrl: string;
  /** `${url}/oauth/authorize`, in place of `https://my.bigcartel.com/oauth/authorize`. */
  authorizeUrl: string;
  /** `${url}/oauth/token`. */
  tokenUrl: string;
  /** `${url}/oauth/deauthorize` (append `/{account_id}`). */
  deauthorizeUrl: string;
  clientId: string;
  clientSecret: string;
  /** The stores created at start, each with an access token already issued. */
  stores: StoreCredentials[];
  close(): Promise<void>;
}

function startOfTodayUtc(): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

/**
 * Starts the Big Cartel simulator.
 *
 * @example
 * const sim = await startStoreFrontSim({ seed: 7, stores: [{ ordersCount: 10_000 }] });
 * const [store] = sim.stores;
 * await fetch(`${sim.apiUrl}/accounts/${store.accountId}/orders?page[limit]=100`, {
 *   headers: { Authorization: `Bearer ${store.accessToken}`, Accept: 'application/vnd.api+json', 'User-Agent': 'test' },
 * });
 * await sim.close();
 */
export async function startStoreFrontSim(
  options: StoreFrontSimOptions = {},
): Promise<StoreFrontSim> {
  const now = options.now === undefined ? startOfTodayUtc() : new Date(options.now).getTime();
  if (Number.isNaN(now)) throw new Error('now must be a date');
  const clientId = options.clientId ?? 'onvelope-dev';
  const clientSecret = options.clientSecret ?? 'onvelope-dev-secret';
  const state = new SimState({
    seed: options.seed ?? 1,
    clientId,
    clientSecret,
    codeTtlMs: options.codeTtlMs ?? 10 * 60_000,
    now,
  });
  const { app, admin } = createApp(state);
  const stores: StoreCredentials[] = [];
  for (const store of options.stores ?? [{}]) stores.push(await admin.createStore(store));

  const { url, close } = await serve(app.callback(), options.port, options.host);

  return {
    ...admin,
    url,
    apiUrl: `${url}/v1`,
    authorizeUrl: `${url}/oauth/authorize`,
    tokenUrl: `${url}/oauth/token`,
    deauthorizeUrl: `${url}/oauth/deauthorize`,
    clientId,
    clientSecret,
    stores,
    close,
  };
}
