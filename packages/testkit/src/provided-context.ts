/** Where the run's shared infrastructure listens; provided by the global setup. */
export interface TestInfra {
  mongoUrl: string;
  natsUrl: string;
  stripeMockUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    infra: TestInfra;
  }
}
