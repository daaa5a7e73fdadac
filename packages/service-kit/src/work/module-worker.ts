import { Worker, type WorkerOptions } from 'node:worker_threads';

/** At the package root, outside `src` and `dist` alike: two levels up from this folder in both. */
const fromSourceEntry = new URL('../../worker-from-source.mjs', import.meta.url);

/**
 * The module named `name` beside `self` (an `import.meta.url`), in the same form as `self`: its
 * TypeScript source when the service runs from its sources, its JavaScript once built.
 */
export const moduleBeside = (self: string, name: string): URL =>
  new URL(`./${name}.${self.endsWith('.ts') ? 'ts' : 'js'}`, self);

/**
 * A worker thread running the module at `entry`. A built module runs as it is; a TypeScript source
 * (tests, `npm run dev`, the benches) runs through tsx with the workspace's `source` condition, as
 * the service around it does.
 */
export function startModuleWorker(entry: URL, options: Omit<WorkerOptions, 'argv'> = {}): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  return new Worker(fromSourceEntry, {
    ...options,
    argv: [entry.href],
    execArgv: [...(options.execArgv ?? []), '--conditions=source'],
  });
}
