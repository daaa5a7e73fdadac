import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { accepts, readUntil } from './connect.js';

const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

function runCli(args: string[]) {
  return spawn(process.execPath, ['--conditions=source', '--import', 'tsx', cli, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('npm run infra', () => {
  it('with --provision-only reports what each part will use and exits', async () => {
    const child = runCli(['--provision-only']);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(output).toMatch(/mongo: /);
    expect(output).toMatch(/nats: .*nats-server/);
    expect(output).toMatch(/stripeMock: .*stripe-mock/);
  }, 300_000);

  it('prints the URLs of running servers and stops them on Ctrl-C', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'onvelope-cli-'));
    try {
      const child = runCli(['--data-dir', dataDir]);
      const output = await readUntil(child.stdout, (text) => /STRIPE_MOCK_URL=\S+/.test(text));
      child.stdout.resume();
      const urls = ['MONGO_URL', 'NATS_URL', 'STRIPE_MOCK_URL'].map(
        (name) => output.match(new RegExp(`${name}=(\\S+)`))?.[1] ?? '',
      );
      for (const url of urls) expect(await accepts(url)).toBe(true);

      child.kill('SIGINT');
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(0);
      for (const url of urls) expect(await accepts(url)).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
