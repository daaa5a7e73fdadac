import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedRouterExports } from './index.js';

const repoRoot = resolve(import.meta.dirname, '../../..');
const frontendSources = [
  'shell/src',
  'mf-marketing/src',
  'mf-customer/src',
  'mf-merchant/src',
  'packages/ui/src',
];

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The names each `import { ... } from 'react-router'` of a source brings in (types left out). */
function routerImports(source: string): string[] {
  const names: string[] = [];
  for (const [, typeOnly, list] of source.matchAll(
    /import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]react-router['"]/g,
  )) {
    if (typeOnly) continue;
    for (const item of list!.split(',')) {
      const name = item.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

describe('the shared react-router', () => {
  it('is built with every export the frontends import from it', async () => {
    const used = new Set<string>();
    for (const dir of frontendSources) {
      for (const file of await sourceFiles(join(repoRoot, dir))) {
        const source = await readFile(file, 'utf8');
        expect(source, `${file} imports react-router as a whole`).not.toMatch(
          /import\s+\*\s+as\s+\w+\s+from\s*['"]react-router['"]|from\s*['"]react-router\/./,
        );
        for (const name of routerImports(source)) used.add(name);
      }
    }
    expect(used.size).toBeGreaterThan(0);
    expect(
      [...used].filter((name) => !(sharedRouterExports as readonly string[]).includes(name)),
    ).toEqual([]);
  });
});
