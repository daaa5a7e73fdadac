import { type RequestFilter, type RequestLog, type RequestRecord } from '../request-log.js';

/**
 * The admin operations on faults and on the request log that every simulator offers, in process and
 * over HTTP alike; a simulator's admin interface extends it.
 */
export interface FaultAndRequestAdmin<F, Filter, R> {
  /** Merges into the current faults: a present key replaces that fault, `null` clears it. */
  setFaults(faults: F): Promise<F>;
  getFaults(): Promise<F>;
  clearFaults(): Promise<void>;
  /** API requests (admin ones excluded); all since the last reset without a filter. */
  requestCount(filter?: Filter): Promise<number>;
  requests(filter?: Filter): Promise<R[]>;
  resetRequests(): Promise<void>;
}

/** Where the faults live: a simulator's fault state. */
export interface FaultStore<F> {
  current(): F;
  set(update: F): F;
  clear(): void;
}

/** The fault and request operations on a simulator's own state (synchronous; see `asyncOperations`). */
export function faultAndRequestOperations<F, R extends RequestRecord, Filter extends RequestFilter>(
  faults: FaultStore<F>,
  requests: RequestLog<R, Filter>,
) {
  return {
    setFaults: (update: F) => faults.set(update),
    getFaults: () => faults.current(),
    clearFaults: () => faults.clear(),
    requestCount: (filter?: Filter) => requests.count(filter),
    requests: (filter?: Filter) => requests.list(filter),
    resetRequests: () => requests.reset(),
  };
}

type Operations = Record<string, (...args: never[]) => unknown>;

/** The same operations, each answering a promise. */
export type AsyncOperations<T extends Operations> = {
  [K in keyof T]: (...args: Parameters<T[K]>) => Promise<Awaited<ReturnType<T[K]>>>;
};

/**
 * Synchronous operations made async, like the HTTP client's, so tests do not depend on where the
 * simulator runs. A throw becomes a rejection.
 */
export function asyncOperations<T extends Operations>(operations: T): AsyncOperations<T> {
  const wrapped = Object.fromEntries(
    Object.entries(operations).map(([name, operation]) => [
      name,
      async (...args: never[]) => operation(...args),
    ]),
  );
  // Object.fromEntries forgets which function sits under which name; the map above keeps them.
  return wrapped as unknown as AsyncOperations<T>;
}
