import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { accepts, readUntil } from './connect.js';

const fixture = fileURLToPath(new URL('./fixtures/start-and-wait.ts', import.meta.url));

async function startParent(args: string[]) {
  const parent = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', fixture, ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const output = await readUntil(parent.stdout, (text) => text.includes('\n'));
  const urls = JSON.parse(output) as { mongoUrl: string; natsUrl: string; stripeMockUrl: string };
  return { parent, urls: [urls.mongoUrl, urls.natsUrl, urls.stripeMockUrl] };
}

async function eventuallyRefused(url: string): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt++) {
    if (!(await accepts(url))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe('servers started by startInfra', () => {
  it('die when the parent process is terminated with SIGTERM', async () => {
    const { parent, urls } = await startParent([]);
    for (const url of urls) expect(await accepts(url)).toBe(true);
    parent.kill('SIGTERM');
    const [, signal] = (await once(parent, 'exit')) as [number | null, NodeJS.Signals | null];
    expect(signal).toBe('SIGTERM');
    for (const url of urls) expect(await eventuallyRefused(url)).toBe(true);
  }, 60_000);

  it('die when the parent process exits without calling stop()', async () => {
    const { parent, urls } = await startParent(['--exit']);
    const [code] = (await once(parent, 'exit')) as [number | null];
    expect(code).toBe(0);
    for (const url of urls) expect(await eventuallyRefused(url)).toBe(true);
  }, 60_000);
});
