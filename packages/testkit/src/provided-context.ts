/** Where the run's shared infrastructure listens, as a test file sees it. */
export interface TestInfra {
  mongoUrl: string;
  /** This worker's NATS account (see `testInfra()`), or the one shared server without accounts. */
  natsUrl: string;
  stripeMockUrl: string;
}

/** What the global setup provides: `natsUrl` plus one account URL per worker (pool id i at i - 1). */
export interface ProvidedInfra extends TestInfra {
  natsAccountUrls: string[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    infra: ProvidedInfra;
  }
}
