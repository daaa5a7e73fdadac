import { availableParallelism } from 'node:os';
import type { TestProject } from 'vitest/node';
import './provided-context.js';
import { startTestInfra } from './test-infra.js';

/**
 * The most test files vitest runs at once in any project. Vitest numbers its workers
 * (`VITEST_POOL_ID`) 1..maxWorkers, where maxWorkers is the project's, else the run's, else fewer
 * than the CPU count; the largest of these bounds every pool id.
 */
function mostConcurrentWorkers(project: TestProject): number {
  const { vitest } = project;
  return Math.max(
    availableParallelism(),
    vitest.config.maxWorkers || 0,
    ...vitest.projects.map((each) => each.config.maxWorkers || 0),
  );
}

/**
 * Vitest global setup (see the root vitest.config.ts): starts MongoDB, NATS and stripe-mock once
 * per run and provides their URLs to every test file as `inject('infra')` (read it with `testInfra()`).
 * NATS gets one isolated account per worker, so services of files running at the same time never
 * answer each other's commands or share durable consumers.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const infra = await startTestInfra({ natsAccounts: mostConcurrentWorkers(project) });
  project.provide('infra', {
    mongoUrl: infra.mongoUrl,
    natsUrl: infra.natsUrl,
    natsAccountUrls: infra.natsAccountUrls ?? [],
    stripeMockUrl: infra.stripeMockUrl,
  });
  return () => infra.stop();
}
