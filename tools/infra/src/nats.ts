import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NATS_SERVER, resolveGoBinary } from './go-binary.js';
import type { Env } from './paths.js';
import { launch, type InfraLog } from './process.js';
import type { RunningPart } from './running-part.js';

export interface NatsOptions {
  /** Keep JetStream streams between runs in `dataDir`; otherwise in a temp dir removed on stop. */
  persistent: boolean;
  dataDir: string;
  env: Env;
  log: InfraLog;
  /**
   * Run the server with this many isolated accounts (`T1`..`TN`, JetStream enabled in each, user
   * `w<i>`), for test workers that must not see each other's subjects, queue groups and streams.
   * Ignored when NATS_URL is set.
   */
  accounts?: number;
}

export interface RunningNats extends RunningPart {
  /**
   * With `accounts`: the URL of account i (1-based) at index i - 1,
   * `nats://w<i>:<password>@127.0.0.1:<port>`; `url` is then the bare address, which the server
   * refuses without credentials. Empty without `accounts` or with NATS_URL.
   */
  accountUrls: string[];
}

// nats-server config syntax accepts JSON strings, so JSON.stringify quotes paths safely.
function accountsConfig(storeDir: string, count: number, password: string): string {
  const accounts = Array.from(
    { length: count },
    (_, index) =>
      `  T${index + 1}: { jetstream: enabled, users: [ { user: ${JSON.stringify(`w${index + 1}`)}, password: ${JSON.stringify(password)} } ] }`,
  );
  return [
    `jetstream: { store_dir: ${JSON.stringify(storeDir)} }`,
    'accounts: {',
    ...accounts,
    '}',
    '',
  ].join('\n');
}

export async function startNats({
  persistent,
  dataDir,
  env,
  log,
  accounts,
}: NatsOptions): Promise<RunningNats> {
  if (env.NATS_URL) {
    log('NATS: using NATS_URL');
    return { url: env.NATS_URL, accountUrls: [], stop: async () => {} };
  }
  if (accounts !== undefined && (!Number.isInteger(accounts) || accounts < 1)) {
    throw new Error(`NATS accounts must be a positive whole number, not ${accounts}`);
  }
  const binary = await resolveGoBinary(NATS_SERVER, env, log);
  const storeDir = persistent
    ? join(dataDir, 'nats')
    : await mkdtemp(join(tmpdir(), 'onvelope-nats-'));
  await mkdir(storeDir, { recursive: true });
  const password = randomBytes(12).toString('hex');
  let serverArgs = ['-js', '-sd', storeDir];
  if (accounts !== undefined) {
    const configFile = join(storeDir, 'accounts.conf');
    await writeFile(configFile, accountsConfig(storeDir, accounts, password));
    serverArgs = ['-c', configFile];
  }
  // `-p -1` lets nats-server pick a free port itself and print it, so there is no race for it.
  const { process: server, ready: port } = await launch({
    name: 'nats-server',
    command: binary,
    args: ['-a', '127.0.0.1', '-p', '-1', ...serverArgs],
    env,
    ready: (output) =>
      /Server is ready/.test(output)
        ? output.match(/Listening for client connections on [^\s]+:(\d+)/)?.[1]
        : undefined,
  });
  log(`NATS: ${binary} with JetStream on port ${port}${accounts ? ` (${accounts} accounts)` : ''}`);
  return {
    url: `nats://127.0.0.1:${port}`,
    accountUrls: Array.from(
      { length: accounts ?? 0 },
      (_, index) => `nats://w${index + 1}:${password}@127.0.0.1:${port}`,
    ),
    stop: async () => {
      await server.stop();
      if (!persistent) await rm(storeDir, { recursive: true, force: true });
    },
  };
}
