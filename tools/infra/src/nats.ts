import { mkdir, mkdtemp, rm } from 'node:fs/promises';
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
}

export async function startNats({
  persistent,
  dataDir,
  env,
  log,
}: NatsOptions): Promise<RunningPart> {
  if (env.NATS_URL) {
    log('NATS: using NATS_URL');
    return { url: env.NATS_URL, stop: async () => {} };
  }
  const binary = await resolveGoBinary(NATS_SERVER, env, log);
  const storeDir = persistent
    ? join(dataDir, 'nats')
    : await mkdtemp(join(tmpdir(), 'onvelope-nats-'));
  await mkdir(storeDir, { recursive: true });
  // `-p -1` lets nats-server pick a free port itself and print it, so there is no race for it.
  const { process: server, ready: port } = await launch({
    name: 'nats-server',
    command: binary,
    args: ['-a', '127.0.0.1', '-p', '-1', '-js', '-sd', storeDir],
    env,
    ready: (output) =>
      /Server is ready/.test(output)
        ? output.match(/Listening for client connections on [^\s]+:(\d+)/)?.[1]
        : undefined,
  });
  log(`NATS: ${binary} with JetStream on port ${port}`);
  return {
    url: `nats://127.0.0.1:${port}`,
    stop: async () => {
      await server.stop();
      if (!persistent) await rm(storeDir, { recursive: true, force: true });
    },
  };
}
