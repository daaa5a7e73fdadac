import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { readDockerfile, repoRoot } from './compose-files.js';

// One Node for everything (issue 36): `.nvmrc` names it; the `node` package pinned in the root's
// devDependencies brings it to every npm script (npm puts node_modules/.bin first on their PATH),
// so tests, CI and `npm start` run on it whatever Node the machine has; the images use the same.

interface RootManifest {
  engines: { node: string };
  devDependencies: Record<string, string>;
}

const pinned = async () => (await readFile(`${repoRoot}.nvmrc`, 'utf8')).trim();
const manifest = async () =>
  JSON.parse(await readFile(`${repoRoot}package.json`, 'utf8')) as RootManifest;

describe('the Node runtime', () => {
  it('is one exact LTS version, named by .nvmrc', async () => {
    expect(await pinned()).toMatch(/^\d+\.\d+\.\d+$/);
    // An even major is an LTS line.
    expect(Number((await pinned()).split('.')[0]) % 2).toBe(0);
  });

  it('is the one the tests run on', async () => {
    expect(process.versions.node).toBe(await pinned());
  });

  it('is what the root package brings, allows and types against', async () => {
    const version = await pinned();
    const { engines, devDependencies } = await manifest();
    expect(devDependencies.node).toBe(version);
    expect(engines.node).toBe(`^${version}`);
    expect(devDependencies['@types/node']).toMatch(new RegExp(`^\\^${version.split('.')[0]}\\.`));
  });

  it('is what the images are built on', async () => {
    const version = await pinned();
    expect(await readDockerfile()).toMatch(
      new RegExp(`^ARG NODE_IMAGE=node:${version.replaceAll('.', '\\.')}-bookworm-slim$`, 'm'),
    );
  });
});
