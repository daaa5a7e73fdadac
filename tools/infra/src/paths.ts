import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Env = Record<string, string | undefined>;

/** Where downloads and builds are kept between runs: `${ONVELOPE_CACHE:-$HOME/.cache/onvelope}`. */
export function cacheDir(env: Env = process.env): string {
  return env.ONVELOPE_CACHE || join(homedir(), '.cache', 'onvelope');
}

// src/ and dist/ sit at the same depth, so this holds for the TS sources and the built JS.
const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const repoRoot = resolve(packageRoot, '..', '..');

export const mongoLauncherDir = join(packageRoot, 'mongo-launcher');

/** Default home of persistent local data (gitignored). */
export const defaultDataDir = join(repoRoot, '.data');
