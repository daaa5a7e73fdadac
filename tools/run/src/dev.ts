import { join } from 'node:path';
import { frontends, repoRoot } from './apps.js';
import { startChild, type RunningChild } from './child.js';
import { readableLogs } from './log-lines.js';
import { startSystem } from './system.js';

// `npm run dev`: services and gateway restart when their sources change; each frontend runs in its
// own rspack dev server with hot reload, and the gateway's remote registry points at those servers.
const sink = readableLogs();
const remoteUrls = Object.fromEntries(
  frontends.flatMap((app) =>
    'urlVariable' in app
      ? [[app.urlVariable, `http://localhost:${app.devPort}/mf-manifest.json`]]
      : [],
  ),
);
const rspack = join(repoRoot, 'node_modules', '.bin', 'rspack');
const devServers: RunningChild[] = frontends.map((app) =>
  startChild(
    {
      name: app.name,
      command: rspack,
      args: ['serve', '--mode', 'development'],
      cwd: join(repoRoot, app.name),
      env: process.env,
    },
    sink,
  ),
);

const system = await startSystem({
  mode: 'watch',
  persistent: true,
  env: { ...remoteUrls, SERVE_FRONTENDS: 'false' },
  sink,
}).catch(async (error: Error) => {
  process.stderr.write(`\nONVELOPE could not start: ${error.message}\n`);
  await Promise.all(devServers.map((server) => server.stop()));
  process.exit(1);
});

process.stdout.write(
  `\n  ONVELOPE dev: open http://localhost:3000 (hot reload; API through ${system.url})  Ctrl-C stops it\n\n`,
);

const shutdown = () => {
  void Promise.all([system.stop(), ...devServers.map((server) => server.stop())]).then(() =>
    process.exit(0),
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
