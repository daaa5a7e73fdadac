import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes `dir` exist by running `build` into a scratch directory and renaming it into place, so a
 * half-finished build (interrupted, failed, or racing another test run) is never mistaken for a
 * cached one. Returns whether it had to build.
 */
export async function ensureCacheEntry(
  dir: string,
  build: (scratchDir: string) => Promise<void>,
): Promise<boolean> {
  if (await exists(dir)) return false;
  await mkdir(dirname(dir), { recursive: true });
  const scratch = `${dir}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  await mkdir(scratch, { recursive: true });
  try {
    await build(scratch);
    await rename(scratch, dir);
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    // Another process finished the same entry first: use theirs.
    if (await exists(dir)) return true;
    throw error;
  }
  return true;
}
