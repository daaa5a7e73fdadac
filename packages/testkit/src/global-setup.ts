import type { TestProject } from 'vitest/node';
import './provided-context.js';
import { startTestInfra } from './test-infra.js';

/**
 * Vitest global setup (see the root vitest.config.ts): starts MongoDB, NATS and stripe-mock once
 * per run and provides their URLs to every test file as `inject('infra')` (read it with `testInfra()`).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const infra = await startTestInfra();
  project.provide('infra', {
    mongoUrl: infra.mongoUrl,
    natsUrl: infra.natsUrl,
    stripeMockUrl: infra.stripeMockUrl,
  });
  return () => infra.stop();
}
