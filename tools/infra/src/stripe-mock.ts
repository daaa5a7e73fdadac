import { readFile } from 'node:fs/promises';
import { resolveGoBinary, STRIPE_MOCK } from './go-binary.js';
import type { Env } from './paths.js';
import { launch, type InfraLog } from './process.js';
import type { RunningPart } from './running-part.js';

export async function startStripeMock({
  env,
  log,
}: {
  env: Env;
  log: InfraLog;
}): Promise<RunningPart> {
  if (env.STRIPE_MOCK_URL) {
    log('stripe-mock: using STRIPE_MOCK_URL');
    return { url: env.STRIPE_MOCK_URL, stop: async () => {} };
  }
  const binary = await resolveGoBinary(STRIPE_MOCK, env, log);
  // An empty port lets stripe-mock pick a free one and print it (no race for the port). The HTTPS
  // listener gets one too: with only -http-addr, stripe-mock v0.203.0 still binds HTTPS on the fixed
  // port 12112, which a second instance (parallel test runs) cannot get.
  const { process: server, ready: port } = await launch({
    name: 'stripe-mock',
    command: binary,
    args: ['-http-addr', '127.0.0.1:', '-https-addr', '127.0.0.1:'],
    env,
    ready: (output) => output.match(/Listening for HTTP at address: [^\s]+:(\d+)/)?.[1],
  });
  log(`stripe-mock: ${binary} on port ${port}`);
  return { url: `http://127.0.0.1:${port}`, stop: () => server.stop() };
}

/**
 * The Stripe API version stripe-mock answers as: the version of the OpenAPI document built into
 * its binary. The Stripe SDK pinned by svc-billing must speak the same one, or the tests exercise
 * requests and answers production never sees.
 */
export async function stripeMockApiVersion({
  env,
  log,
}: {
  env: Env;
  log: InfraLog;
}): Promise<string> {
  const binary = await resolveGoBinary(STRIPE_MOCK, env, log);
  const version = (await readFile(binary, 'latin1')).match(
    /"version":\s*"(\d{4}-\d{2}-\d{2}\.[a-z]+)"/,
  )?.[1];
  if (!version) throw new Error(`no API version found in ${binary}`);
  return version;
}
