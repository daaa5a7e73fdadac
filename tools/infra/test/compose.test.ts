import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apps,
  composeEnvironment,
  dockerfileStages,
  imageOf,
  readCompose,
  readDockerfile,
  readEnvExample,
  referencedVariables,
  repoRoot,
  serviceNames,
  services,
  type ComposeService,
  type EnvExample,
} from './compose-files.js';

// The structure of compose.yaml, .env.example and the Dockerfile, read as files (see
// compose-files.ts); compose-start.test.ts starts the apps with the environment they give.

const remotes = { 'mf-marketing': 8081, 'mf-customer': 8082, 'mf-merchant': 8083 } as const;
const tryProfile = ['mailpit', 'stripe-mock', 'storefront-sim', 'tracking-sim'];
/** The simulators compose builds from the repository's Dockerfile, each from its tools/ workspace. */
const simulators = ['storefront-sim', 'tracking-sim'];

const withCredentials = (url: string | null | undefined) => {
  const parsed = new URL(url ?? '');
  return {
    host: parsed.host,
    hasUser: parsed.username !== '',
    hasPassword: parsed.password !== '',
  };
};

interface LockEntry {
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/**
 * The packages `npm ci --omit=dev --workspace <app>` installs from this lockfile: the app's
 * dependencies, theirs, and so on, each found as Node finds it (nearest node_modules up the tree),
 * links followed, and the devDependencies of every workspace reached, as npm does.
 */
function productionTree(lock: Record<string, LockEntry>, workspace: string): Set<string> {
  const installed = new Set<string>();
  const visit = (location: string) => {
    const entry = lock[location];
    if (!entry) return;
    if (entry.link) return visit(entry.resolved!);
    const names = Object.keys({
      // npm's workspace filter follows a workspace's devDependencies even with --omit=dev.
      ...(location.includes('node_modules/') ? {} : entry.devDependencies),
      ...entry.dependencies,
      ...entry.optionalDependencies,
      ...entry.peerDependencies,
    });
    const segments = location ? location.split('/') : [];
    for (const name of names) {
      let found: string | undefined;
      for (let depth = segments.length; depth >= 0 && !found; depth--) {
        const candidate = [...segments.slice(0, depth), 'node_modules', name].join('/');
        if (lock[candidate]) found = candidate;
      }
      if (found && !installed.has(found)) {
        installed.add(found);
        visit(found);
      }
    }
  };
  visit(workspace);
  return installed;
}

describe('compose.yaml', () => {
  let compose: Record<string, ComposeService>;
  let dockerfile: string;
  let envExample: EnvExample;

  beforeAll(async () => {
    [compose, dockerfile, envExample] = await Promise.all([
      readCompose(),
      readDockerfile(),
      readEnvExample(),
    ]);
  });

  it('has MongoDB, NATS, one image per app and per remote, each built from its own Dockerfile target', () => {
    expect(Object.keys(compose).sort()).toEqual(
      ['mongo', 'nats', ...apps, ...Object.keys(remotes), ...tryProfile].sort(),
    );
    const stages = dockerfileStages(dockerfile);
    for (const app of [...apps, ...Object.keys(remotes), ...simulators]) {
      expect(compose[app]?.image).toBe(`onvelope/${app}`);
      expect(compose[app]?.build).toEqual({ context: '.', target: app });
      expect(stages.has(app), `Dockerfile target ${app}`).toBe(true);
    }
  });

  it('restarts every container that stops unless it was stopped on purpose, and rotates its logs', () => {
    for (const [name, service] of Object.entries(compose)) {
      expect(service.restart, name).toBe('unless-stopped');
      expect(service.logging, name).toEqual({
        driver: 'json-file',
        options: { 'max-size': '10m', 'max-file': '3' },
      });
    }
  });

  it('passes the operator’s proxy, CORS and metrics settings to the gateway', () => {
    const environment = compose.gateway?.environment ?? {};
    for (const name of ['TRUST_PROXY', 'CORS_ORIGINS', 'METRICS_TOKEN']) {
      expect(environment, name).toHaveProperty(name, null);
    }
  });

  it('runs MongoDB 7 as a replica set with a root user, which every service signs in with', () => {
    const mongo = compose.mongo!;
    expect(mongo.image).toBe('mongo:7');
    expect(mongo.command).toEqual(expect.arrayContaining(['--replSet', 'rs0', '--keyFile']));
    expect(Object.keys(mongo.environment ?? {}).sort()).toEqual([
      'MONGO_INITDB_ROOT_PASSWORD',
      'MONGO_INITDB_ROOT_USERNAME',
    ]);
    const check = mongo.healthcheck?.test.join(' ') ?? '';
    expect(check).toContain(
      "rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'mongo:27017' }] })",
    );
    expect(check).toContain('isWritablePrimary');
    expect(check).toContain('--authenticationDatabase admin');
    for (const service of serviceNames) {
      const url = composeEnvironment(compose[service]!, envExample.values).MONGO_URL;
      expect(withCredentials(url), service).toEqual({
        host: 'mongo:27017',
        hasUser: true,
        hasPassword: true,
      });
      expect(url, service).toMatch(/\/\?replicaSet=rs0&authSource=admin$/);
    }
  });

  it('runs NATS with JetStream and a user, which every service signs in with', () => {
    expect(compose.nats?.image).toMatch(/^nats:2\.12/);
    expect(compose.nats?.command).toEqual(expect.arrayContaining(['-js', '--user', '--pass']));
    for (const service of serviceNames) {
      const url = composeEnvironment(compose[service]!, envExample.values).NATS_URL;
      expect(withCredentials(url), service).toEqual({
        host: 'nats:4222',
        hasUser: true,
        hasPassword: true,
      });
    }
  });

  it('gives each service its port and the gateway the URL of every service', () => {
    const gateway = compose.gateway!;
    expect(gateway.environment?.PORT).toBe('8080');
    for (const [service, { port, urlVariable }] of Object.entries(services)) {
      expect(compose[service]?.environment?.PORT).toBe(String(port));
      expect(compose[service]?.environment?.AUTH_JWKS_URL).toBe(
        'http://svc-auth:4001/auth/.well-known/jwks.json',
      );
      expect(gateway.environment?.[urlVariable]).toBe(`http://${service}:${port}`);
    }
  });

  it('starts a service once MongoDB and NATS are healthy, and the gateway once every service is ready', () => {
    for (const service of serviceNames) {
      expect(compose[service]?.healthcheck?.test.join(' '), service).toContain("'/readyz'");
      expect(compose[service]?.depends_on).toEqual({
        mongo: { condition: 'service_healthy' },
        nats: { condition: 'service_healthy' },
      });
    }
    expect(compose.gateway?.healthcheck?.test.join(' ')).toContain("'/healthz'");
    expect(compose.gateway?.depends_on).toEqual(
      Object.fromEntries(serviceNames.map((name) => [name, { condition: 'service_healthy' }])),
    );
  });

  it('serves each remote from its own container, and the gateway’s /remotes.json names them', () => {
    for (const [remote, port] of Object.entries(remotes)) {
      expect(compose[remote]?.ports).toEqual([`${port}:8080`]);
      expect(compose[remote]?.healthcheck?.test.join(' ')).toContain('/mf-manifest.json');
      const variable = `REMOTE_${remote.slice(3).toUpperCase()}_URL`;
      expect(compose.gateway?.environment?.[variable]).toBe(`\${${variable}:?set it in .env}`);
      expect(envExample.values[variable]).toBe(`http://localhost:${port}/mf-manifest.json`);
    }
  });

  it('keeps the store-front and tracking simulators, stripe-mock and the mail catcher in the try profile, which .env.example turns on and points the apps at', () => {
    for (const [name, service] of Object.entries(compose)) {
      expect(service.profiles, name).toEqual(tryProfile.includes(name) ? ['try'] : undefined);
    }
    expect(compose['stripe-mock']?.image).toMatch(/^stripe\/stripe-mock:v\d+\.\d+\.\d+$/);
    expect(envExample.values).toMatchObject({
      COMPOSE_PROFILES: 'try',
      SMTP_URL: 'smtp://mailpit:1025',
      STRIPE_MOCK_URL: 'http://stripe-mock:12111',
      BIGCARTEL_API_URL: 'http://storefront-sim:4010',
      BIGCARTEL_AUTHORIZE_URL: 'http://localhost:4010/oauth/authorize',
      EASYPOST_API_URL: 'http://tracking-sim:4020/v2/',
    });
  });

  it('sends the tracking simulator’s signed webhooks to svc-sync through the gateway, with svc-sync’s secret and a test key', () => {
    const sync = composeEnvironment(compose['svc-sync']!, envExample.values);
    const sim = composeEnvironment(compose['tracking-sim']!, envExample.values);
    expect(sync.EASYPOST_API_KEY).toMatch(/^EZTK/);
    expect(sync.EASYPOST_API_URL).toBe('http://tracking-sim:4020/v2/');
    expect(sync.EASYPOST_WEBHOOK_SECRET).toBeTruthy();
    expect(sim).toEqual({
      TRACKING_SIM_STEP_MS: '20000',
      TRACKING_SIM_PUBLIC_URL: 'http://localhost:4020',
      TRACKING_SIM_WEBHOOK_URL: 'http://gateway:8080/api/tracking/webhooks/easypost',
      TRACKING_SIM_WEBHOOK_SECRET: sync.EASYPOST_WEBHOOK_SECRET,
    });
    // Without .env's EASYPOST_* values svc-sync gets none: the real EasyPost, tracking off.
    const { EASYPOST_API_KEY, EASYPOST_API_URL, EASYPOST_WEBHOOK_SECRET, ...rest } =
      envExample.values;
    expect([EASYPOST_API_KEY, EASYPOST_API_URL, EASYPOST_WEBHOOK_SECRET]).not.toContain(undefined);
    const withoutTracking = composeEnvironment(compose['svc-sync']!, rest);
    expect(Object.keys(withoutTracking).filter((name) => name.startsWith('EASYPOST_'))).toEqual([]);
  });

  it('publishes only the site, the remotes and the try profile’s pages, and names no container, so services scale (--scale svc-sync=3)', () => {
    const published: Record<string, string[]> = {
      gateway: ['8080:8080'],
      mailpit: ['8025:8025'],
      'storefront-sim': ['4010:4010'],
      'tracking-sim': ['4020:4020'],
      ...Object.fromEntries(
        Object.entries(remotes).map(([name, port]) => [name, [`${port}:8080`]]),
      ),
    };
    for (const [name, service] of Object.entries(compose)) {
      expect(service.container_name, name).toBeUndefined();
      expect(service.ports, name).toEqual(published[name]);
    }
  });

  it('takes every variable it refers to from .env, and .env.example names each of them', () => {
    const strings = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : typeof value === 'object' && value !== null
          ? Object.values(value).flatMap(strings)
          : [];
    const referenced = new Set(strings(compose).flatMap(referencedVariables));
    for (const service of Object.values(compose)) {
      for (const [name, value] of Object.entries(service.environment ?? {})) {
        if (value === null) referenced.add(name);
      }
    }
    expect(referenced.size).toBeGreaterThan(10);
    expect([...referenced].filter((name) => !envExample.named.has(name))).toEqual([]);
  });

  it('documents every variable of .env.example and compose.yaml in the README’s configuration table', async () => {
    const readme = await readFile(`${repoRoot}README.md`, 'utf8');
    const table = /## Configuration\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
    const documented = new Set(
      [...table.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]),
    );
    const variables = new Set([
      ...envExample.named,
      ...Object.values(compose).flatMap((service) => Object.keys(service.environment ?? {})),
    ]);
    variables.delete('MONGO_INITDB_ROOT_USERNAME');
    variables.delete('MONGO_INITDB_ROOT_PASSWORD');
    expect([...variables].filter((name) => !documented.has(name))).toEqual([]);
  });
});

describe('Dockerfile', () => {
  let dockerfile: string;
  beforeAll(async () => {
    dockerfile = await readDockerfile();
  });

  // Which Node: node-runtime.test.ts (the project's own, an LTS).
  it('runs the apps as the node user, by number, in production mode', () => {
    const runtime = dockerfileStages(dockerfile).get('runtime');
    expect(runtime?.from).toBe('${NODE_IMAGE}');
    // The Node images' `node` user; a number lets Kubernetes' runAsNonRoot check it.
    expect(runtime?.lines).toContain('USER 1000:1000');
    expect(runtime?.lines).toContain('ENV NODE_ENV=production');
  });

  it('starts each app from the dist entry its package.json starts, with the node flags its package.json names', async () => {
    const stages = dockerfileStages(dockerfile);
    for (const app of apps) {
      const manifest = JSON.parse(await readFile(`${repoRoot}${app}/package.json`, 'utf8')) as {
        scripts?: Record<string, string>;
        onvelope?: { nodeArgs?: string[] };
      };
      expect(manifest.scripts?.start).toBe('node dist/main.js');
      // package.json's onvelope.nodeArgs own the flags (tools/run passes them too); the Dockerfile
      // repeats them because it cannot read JSON.
      expect(imageOf(stages, app).cmd, app).toEqual([
        'node',
        ...(manifest.onvelope?.nodeArgs ?? []),
        `${app}/dist/main.js`,
      ]);
    }
  });

  it('gives each app only its own production dependencies, installed from manifests without devDependencies', () => {
    const stages = dockerfileStages(dockerfile);
    expect(dockerfile).toContain('delete manifest.devDependencies;');
    expect(dockerfile).toContain('delete lock.packages[workspace].devDependencies;');
    for (const app of apps) {
      const deps = stages.get(`${app}-deps`);
      expect(deps?.from, app).toBe('prod-manifests');
      expect(deps?.lines.join(' '), app).toContain(
        `npm ci --omit=dev --workspace=${app} --include-workspace-root=false`,
      );
      const own = stages.get(app)?.lines ?? [];
      expect(own, app).toContain(`COPY --from=${app}-deps /app ./`);
      const copiedDist = own.flatMap(
        (line) => /^COPY --from=build \/src\/(\S+)\/dist /.exec(line)?.[1] ?? [],
      );
      const frontends = ['shell', 'mf-marketing', 'mf-customer', 'mf-merchant'];
      expect(copiedDist, app).toEqual(app === 'gateway' ? [app, ...frontends] : [app]);
    }
  });

  it('installs no test infrastructure with any app (testkit, testcontainers, dockerode, smtp-server)', async () => {
    const lock = JSON.parse(await readFile(`${repoRoot}package-lock.json`, 'utf8')) as {
      packages: Record<string, LockEntry>;
    };
    // As the manifests stage leaves them.
    for (const [location, entry] of Object.entries(lock.packages)) {
      if (!location.includes('node_modules/')) delete entry.devDependencies;
    }
    for (const app of [...apps, ...simulators.map((sim) => `tools/${sim}`)]) {
      const installed = [...productionTree(lock.packages, app)].map((path) =>
        path.replace(/^.*node_modules\//, ''),
      );
      expect(installed.length, app).toBeGreaterThan(0);
      for (const unwanted of [
        '@onvelope/testkit',
        '@onvelope/infra',
        'testcontainers',
        'dockerode',
        // svc-notify's bounce intake is an SMTP server of its own (issue 34): there it is the app.
        ...(app === 'svc-notify' ? [] : ['smtp-server']),
        'vitest',
      ]) {
        expect(installed, app).not.toContain(unwanted);
      }
    }
  });

  it('runs each simulator on 0.0.0.0 and its port from its own production dependencies and dist', async () => {
    const stages = dockerfileStages(dockerfile);
    for (const [sim, port] of [
      ['storefront-sim', 4010],
      ['tracking-sim', 4020],
    ] as const) {
      const manifest = JSON.parse(
        await readFile(`${repoRoot}tools/${sim}/package.json`, 'utf8'),
      ) as { scripts?: Record<string, string> };
      expect(manifest.scripts?.start, sim).toBe('node dist/main.js');
      expect(stages.get(`${sim}-deps`)?.from, sim).toBe('prod-manifests');
      expect(stages.get(`${sim}-deps`)?.lines.join(' '), sim).toContain(
        `npm ci --omit=dev --workspace=tools/${sim} --include-workspace-root=false`,
      );
      expect(stages.get(sim)?.from, sim).toBe('runtime');
      expect(stages.get(sim)?.lines, sim).toEqual(
        expect.arrayContaining([
          `COPY --from=${sim}-deps /app ./`,
          `COPY --from=build /src/tools/${sim}/dist tools/${sim}/dist`,
          `EXPOSE ${port}`,
        ]),
      );
      const prefix = sim.replace('-sim', '_sim').toUpperCase();
      const image = imageOf(stages, sim);
      expect(image.env, sim).toMatchObject({
        [`${prefix}_HOST`]: '0.0.0.0',
        [`${prefix}_PORT`]: String(port),
      });
      expect(image.cmd, sim).toEqual(['node', `tools/${sim}/dist/main.js`]);
    }
  });

  it('serves each remote as static files that any origin may load', () => {
    const stages = dockerfileStages(dockerfile);
    for (const remote of Object.keys(remotes)) {
      expect(stages.get(remote)?.from).toBe('remote');
      expect(stages.get(remote)?.lines).toContain(
        `COPY --from=build /src/${remote}/dist /usr/share/nginx/html`,
      );
    }
    expect(stages.get('remote')?.lines.join('\n')).toContain(
      'add_header Access-Control-Allow-Origin "*" always;',
    );
  });
});
