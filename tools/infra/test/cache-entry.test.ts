import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureCacheEntry } from '../src/cache-entry.js';

describe('ensureCacheEntry', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'onvelope-entry-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('builds an entry once and reuses it afterwards', async () => {
    const entry = join(root, 'tool', 'v1');
    let builds = 0;
    const build = async (scratch: string): Promise<void> => {
      builds++;
      await writeFile(join(scratch, 'tool'), 'binary');
    };
    expect(await ensureCacheEntry(entry, build)).toBe(true);
    expect(await ensureCacheEntry(entry, build)).toBe(false);
    expect(builds).toBe(1);
    expect(await readFile(join(entry, 'tool'), 'utf8')).toBe('binary');
  });

  it('leaves nothing behind when a build fails, so the next call builds again', async () => {
    const entry = join(root, 'tool', 'v1');
    await expect(
      ensureCacheEntry(entry, async (scratch) => {
        await writeFile(join(scratch, 'half-written'), '');
        throw new Error('download interrupted');
      }),
    ).rejects.toThrow('download interrupted');
    expect(await readdir(join(root, 'tool'))).toEqual([]);
    expect(
      await ensureCacheEntry(entry, async (scratch) => writeFile(join(scratch, 'tool'), 'ok')),
    ).toBe(true);
  });

  it('lets two simultaneous builds of the same entry both succeed', async () => {
    const entry = join(root, 'tool', 'v1');
    const build = async (scratch: string): Promise<void> => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await writeFile(join(scratch, 'tool'), 'binary');
    };
    await Promise.all([ensureCacheEntry(entry, build), ensureCacheEntry(entry, build)]);
    expect(await readdir(join(root, 'tool'))).toEqual(['v1']);
    expect(await readdir(entry)).toEqual(['tool']);
  });
});
