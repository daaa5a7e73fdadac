import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The kit is imported by subpath, one folder of src/ each (issue 37 item 4); these keep the
// folders, the declared entry points and the direction of their imports in step.
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = join(packageDir, 'src');
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
  exports: Record<string, { source: string; types: string; default: string }>;
};
const folders = readdirSync(srcDir).filter((name) => statSync(join(srcDir, name)).isDirectory());

/** The folder of src/ a file is in. */
const folderOf = (file: string) => relative(srcDir, file).split(sep)[0]!;

/** The modules of other folders (as paths under src/) that a folder's modules, tests aside, import. */
function crossFolderImports(folder: string): string[] {
  const targets = new Set<string>();
  for (const name of readdirSync(join(srcDir, folder))) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    const file = join(srcDir, folder, name);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(
      /(?:from\s+|import\s*\(\s*)'(\.[^']+)'/g,
    )) {
      const target = resolve(dirname(file), specifier!);
      if (folderOf(target) !== folder) targets.add(relative(srcDir, target).split(sep).join('/'));
    }
  }
  return [...targets];
}

/** Folder -> the other folders it imports. */
const folderImports = () =>
  new Map(
    folders.map((folder) => [
      folder,
      new Set(crossFolderImports(folder).map((t) => t.split('/')[0]!)),
    ]),
  );

/** One import cycle among the folders, as a path, or undefined when there is none. */
function cycleIn(edges: Map<string, Set<string>>): string[] | undefined {
  const done = new Set<string>();
  const visit = (folder: string, path: string[]): string[] | undefined => {
    if (path.includes(folder)) return [...path.slice(path.indexOf(folder)), folder];
    if (done.has(folder)) return undefined;
    for (const next of edges.get(folder) ?? []) {
      const cycle = visit(next, [...path, folder]);
      if (cycle) return cycle;
    }
    done.add(folder);
    return undefined;
  };
  for (const folder of folders) {
    const cycle = visit(folder, []);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('the kit’s subpaths', () => {
  it('declares one entry point per folder of src/, and no root entry point', () => {
    const entryFolders = Object.values(manifest.exports).map(
      (entry) => posix.relative('./src', entry.source).split('/')[0],
    );
    expect(new Set(entryFolders)).toEqual(new Set(folders));
    expect(Object.keys(manifest.exports)).not.toContain('.');
  });

  it('points each entry point’s source, types and build at the same module', () => {
    for (const [subpath, entry] of Object.entries(manifest.exports)) {
      const module = posix.relative('./src', entry.source).replace(/\.ts$/, '');
      expect(entry, subpath).toEqual({
        source: `./src/${module}.ts`,
        types: `./dist/${module}.d.ts`,
        default: `./dist/${module}.js`,
      });
      expect(statSync(join(packageDir, entry.source)).isFile(), subpath).toBe(true);
    }
  });

  it('imports between folders in one direction only', () => {
    expect(cycleIn(folderImports())).toBeUndefined();
  });

  it('keeps the entry points that load first free of the rest of the kit', () => {
    // Every test file's setup imports `./nats-connect-options`; an app imports `./telemetry` before
    // anything else, so that its instrumentations see the other modules load.
    const natsConnectOptions = readFileSync(join(srcDir, 'nats/nats-connect-options.ts'), 'utf8');
    expect(natsConnectOptions).not.toMatch(/(?:from\s+|import\s*\(\s*)'\./);
    expect(crossFolderImports('telemetry')).toEqual(['observability/telemetry-switch.js']);
  });
});
