import { countries, currencies, storeHomes, storeNames } from '../domain/catalogue.js';
import { readListingStyle, type ListingStyle } from '../domain/listing-style.js';
import { hashSeed } from '@onvelope/sim-kit';
import { FaultState } from './faults.js';
import { OAuthState } from './oauth.js';
import { storeRequestLog } from './request-log.js';
import { Store } from './store.js';

export interface StoreOptions {
  /** Orders seeded over the year before the simulator's `now` (default 50). */
  ordersCount?: number;
  storeName?: string;
  subdomain?: string;
  /** Digits only; derived from the seed when left out. */
  accountId?: string;
  contactEmail?: string;
  /** ISO 4217: USD, GBP, EUR, CAD or AUD. */
  currency?: string;
  /** The store's home country (ISO alpha-2): most orders ship there. */
  country?: string;
  /** Seeds this store's orders; derived from the simulator's seed and the store's position when left out. */
  seed?: number;
  /** Order listings in another shape than the default (string count, no next links, a wrong count). */
  listing?: ListingStyle;
}

export interface SimStateOptions {
  seed: number;
  clientId: string;
  clientSecret: string;
  codeTtlMs: number;
  /** Seeded orders end at this moment. */
  now: number;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 30);
}

/** Everything the simulator knows: stores, OAuth grants, faults and the request log. */
export class SimState {
  readonly stores = new Map<string, Store>();
  readonly oauth: OAuthState;
  /** Faults on every `/v1` request. */
  readonly faults = new FaultState();
  /**
   * Faults on one store's requests only (under `/v1/accounts/{accountId}`), by account id: tests
   * that run side by side each slow or fail their own store without touching another's.
   */
  readonly storeFaults = new Map<string, FaultState>();
  readonly requests = storeRequestLog();
  /** The store whose owner is "signed in" at the authorise screen (preselected there). */
  signedInAccountId: string | undefined;

  constructor(readonly options: SimStateOptions) {
    this.oauth = new OAuthState(options.clientId, options.clientSecret, options.codeTtlMs);
  }

  createStore(options: StoreOptions = {}): Store {
    const position = this.stores.size;
    const [defaultCountry, defaultCurrency] = storeHomes[position % storeHomes.length]!;
    const baseName = storeNames[position % storeNames.length]!;
    const storeName =
      options.storeName ??
      (position < storeNames.length ? baseName : `${baseName} ${position + 1}`);
    let subdomain = options.subdomain ?? slug(storeName);
    if (!/^[a-z0-9-]{1,63}$/.test(subdomain)) throw new Error(`invalid subdomain "${subdomain}"`);
    if (this.findBySubdomain(subdomain)) {
      if (options.subdomain) throw new Error(`subdomain "${subdomain}" is taken`);
      subdomain = `${subdomain}${position + 1}`;
    }
    let accountId = options.accountId;
    if (accountId !== undefined) {
      if (!/^\d{1,12}$/.test(accountId)) throw new Error('accountId must be digits');
      if (this.stores.has(accountId)) throw new Error(`account ${accountId} exists`);
    } else {
      let attempt = 0;
      do {
        accountId = String(
          100_000 + (hashSeed(this.options.seed, 'account', position, attempt) % 900_000),
        );
        attempt += 1;
      } while (this.stores.has(accountId));
    }
    const currency = (options.currency ?? defaultCurrency).toUpperCase();
    const country = (options.country ?? defaultCountry).toUpperCase();
    if (!currencies[currency])
      throw new Error(`currency must be one of ${Object.keys(currencies).join(', ')}`);
    if (!countries[country])
      throw new Error(`country must be one of ${Object.keys(countries).join(', ')}`);
    const ordersCount = options.ordersCount ?? 50;
    if (!Number.isInteger(ordersCount) || ordersCount < 0 || ordersCount > 500_000) {
      throw new Error('ordersCount must be a whole number from 0 to 500000');
    }
    const listing = readListingStyle(options.listing);
    const store = new Store(
      {
        accountId,
        subdomain,
        storeName,
        contactEmail: options.contactEmail ?? `hello@${subdomain}.example.com`,
        currency,
        homeCountry: country,
        seed: options.seed ?? hashSeed(this.options.seed, 'store', position),
      },
      ordersCount,
      this.options.now,
      listing,
    );
    this.stores.set(accountId, store);
    this.signedInAccountId ??= accountId;
    return store;
  }

  /** The fault states a request for this account meets: the store's own first, then the global one. */
  faultsFor(accountId: string | undefined): FaultState[] {
    const own = accountId === undefined ? undefined : this.storeFaults.get(accountId);
    return own ? [own, this.faults] : [this.faults];
  }

  findBySubdomain(subdomain: string): Store | undefined {
    return [...this.stores.values()].find((store) => store.profile.subdomain === subdomain);
  }
}
