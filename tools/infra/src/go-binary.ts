import { access, constants, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureCacheEntry } from './cache-entry.js';
import { cacheDir, type Env } from './paths.js';
import { findOnPath, run, type InfraLog } from './process.js';

export interface GoBinary {
  /** Name of the executable, as on the PATH. */
  command: string;
  /** Package path for `go install` (the module's path, or a command inside it). */
  module: string;
  version: string;
  /**
   * Built as a tool of a throwaway module (`go get -tool`, then `go install`): `go install
   * <module>@<version>` refuses a module whose go.mod has replace directives.
   */
  asTool?: boolean;
}

export const NATS_SERVER: GoBinary = {
  command: 'nats-server',
  module: 'github.com/nats-io/nats-server/v2',
  version: 'v2.12.3',
};

export const STRIPE_MOCK: GoBinary = {
  command: 'stripe-mock',
  module: 'github.com/stripe/stripe-mock',
  version: 'v0.203.0',
};

// The chart under deploy/helm is checked with these (`helm lint`, `helm template`, kubeconform).
// Helm is a large build (several minutes on two cores, once per machine thanks to the cache).
export const HELM: GoBinary = {
  command: 'helm',
  module: 'helm.sh/helm/v3/cmd/helm',
  version: 'v3.22.0',
};

// Tests and benchmarks of the OpenTelemetry traces (service-kit's telemetry) export to it: Jaeger
// v2, the all-in-one of an OTLP receiver, in-memory storage and the query API.
export const JAEGER: GoBinary = {
  command: 'jaeger',
  module: 'github.com/jaegertracing/jaeger/cmd/jaeger',
  version: 'v1.76.0',
  asTool: true,
};

export const KUBECONFORM: GoBinary = {
  command: 'kubeconform',
  module: 'github.com/yannh/kubeconform/cmd/kubeconform',
  version: 'v0.8.0',
};

/** Builds the pinned version with `go install` into the cache (once) and returns its path. */
export async function provisionGoBinary(
  binary: GoBinary,
  env: Env,
  log: InfraLog,
): Promise<string> {
  const dir = join(cacheDir(env), binary.command, binary.version);
  const built = await ensureCacheEntry(dir, async (scratch) => {
    if (!(await findOnPath('go', env))) {
      throw new Error(
        `${binary.command} is not on the PATH and Go is not installed to build it; ` +
          `install Go (https://go.dev/dl) or ${binary.command}, or set the URL variable.`,
      );
    }
    log(
      `building ${binary.command} ${binary.version} with go install (first run only, takes a few minutes)`,
    );
    const goEnv = { ...env, GOBIN: scratch, CGO_ENABLED: '0', GOFLAGS: '-buildvcs=false' };
    if (binary.asTool) await installAsTool(binary, goEnv);
    else await run('go', ['install', `${binary.module}@${binary.version}`], { env: goEnv });
  });
  if (built) log(`${binary.command} ${binary.version} cached in ${dir}`);
  return join(dir, binary.command);
}

async function installAsTool(binary: GoBinary, env: Env): Promise<void> {
  const module = await mkdtemp(join(tmpdir(), `onvelope-${binary.command}-`));
  try {
    await run('go', ['mod', 'init', `onvelope.local/${binary.command}-tool`], { env, cwd: module });
    await run('go', ['get', '-tool', `${binary.module}@${binary.version}`], { env, cwd: module });
    await run('go', ['install', binary.module], { env, cwd: module });
  } finally {
    await rm(module, { recursive: true, force: true });
  }
}

/** The binary on the PATH if there is one, else the pinned build from the cache. */
export async function resolveGoBinary(binary: GoBinary, env: Env, log: InfraLog): Promise<string> {
  return (await findOnPath(binary.command, env)) ?? provisionGoBinary(binary, env, log);
}

/** The binary on the PATH, else the pinned build if the cache has it; never builds. */
export async function findGoBinary(binary: GoBinary, env: Env): Promise<string | undefined> {
  const onPath = await findOnPath(binary.command, env);
  if (onPath) return onPath;
  const cached = join(cacheDir(env), binary.command, binary.version, binary.command);
  return (await isExecutable(cached)) ? cached : undefined;
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
