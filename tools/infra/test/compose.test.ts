import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// compose.yaml cannot be run on these machines (no Docker engine, and `docker compose config`
// needs the compose plugin), so its structure is checked by reading it, against the brief's
// ports and variable names and against the Dockerfile's targets.

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

interface ComposeService {
  image?: string;
  build?: { context?: string; target?: string };
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  container_name?: string;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}

const services = {
  'svc-auth': { port: 4001, urlVariable: 'AUTH_SERVICE_URL' },
  'svc-orders': { port: 4002, urlVariable: 'ORDERS_SERVICE_URL' },
  'svc-sync': { port: 4003, urlVariable: 'SYNC_SERVICE_URL' },
  'svc-billing': { port: 4004, urlVariable: 'BILLING_SERVICE_URL' },
  'svc-analytics': { port: 4005, urlVariable: 'ANALYTICS_SERVICE_URL' },
} as const;
const apps = [...Object.keys(services), 'gateway'];

describe('compose.yaml', () => {
  let compose: Record<string, ComposeService>;
  let dockerfile: string;

  beforeAll(async () => {
    // Compose resolves `<<:` merge keys, so the parser must too.
    const document = parse(await readFile(`${repoRoot}compose.yaml`, 'utf8'), { merge: true }) as {
      services: Record<string, ComposeService>;
    };
    compose = document.services;
    dockerfile = await readFile(`${repoRoot}Dockerfile`, 'utf8');
  });

  it('has MongoDB, NATS, a mail catcher and one image per app, each built from its own Dockerfile target', () => {
    expect(Object.keys(compose).sort()).toEqual(['mailpit', 'mongo', 'nats', ...apps].sort());
    for (const app of apps) {
      expect(compose[app]?.image).toBe(`onvelope/${app}`);
      expect(compose[app]?.build).toEqual({ context: '.', target: app });
      expect(dockerfile).toMatch(new RegExp(`^FROM runtime AS ${app}$`, 'm'));
    }
  });

  it('starts each app from the dist entry its package.json starts, with the node flags its package.json names', async () => {
    for (const app of apps) {
      const manifest = JSON.parse(await readFile(`${repoRoot}${app}/package.json`, 'utf8')) as {
        scripts?: Record<string, string>;
        onvelope?: { nodeArgs?: string[] };
      };
      expect(manifest.scripts?.start).toBe('node dist/main.js');
      const stage = dockerfile
        .split(/^FROM /m)
        .find((block) => block.startsWith(`runtime AS ${app}\n`));
      const cmd = /^CMD (\[.*\])$/m.exec(stage ?? '')?.[1];
      expect(cmd, `${app}: a CMD in exec form`).toBeDefined();
      // package.json's onvelope.nodeArgs own the flags (tools/run passes them too); the Dockerfile
      // repeats them because it cannot read JSON.
      expect(JSON.parse(cmd!), app).toEqual([
        'node',
        ...(manifest.onvelope?.nodeArgs ?? []),
        `${app}/dist/main.js`,
      ]);
    }
  });

  it('runs MongoDB 7 as a single-node replica set that initiates itself and that the services name', () => {
    const mongo = compose.mongo!;
    expect(mongo.image).toBe('mongo:7');
    expect(mongo.command).toEqual(expect.arrayContaining(['--replSet', 'rs0']));
    const check = mongo.healthcheck?.test.join(' ') ?? '';
    expect(check).toContain(
      "rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'mongo:27017' }] })",
    );
    expect(check).toContain('isWritablePrimary');
    for (const service of Object.keys(services)) {
      expect(compose[service]?.environment?.MONGO_URL).toBe(
        'mongodb://mongo:27017/?replicaSet=rs0',
      );
    }
  });

  it('runs NATS with JetStream and points every service at it', () => {
    expect(compose.nats?.image).toMatch(/^nats:2\.12/);
    expect(compose.nats?.command).toContain('-js');
    for (const service of Object.keys(services)) {
      expect(compose[service]?.environment?.NATS_URL).toBe('nats://nats:4222');
    }
  });

  it('sends every service’s mail to the mail catcher', () => {
    for (const service of Object.keys(services)) {
      expect(compose[service]?.environment?.SMTP_URL).toBe('smtp://mailpit:1025');
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
      expect(gateway.depends_on?.[service]).toEqual({ condition: 'service_healthy' });
    }
  });

  it('checks every app on /healthz and starts services only once MongoDB and NATS are healthy', () => {
    for (const app of apps) {
      expect(compose[app]?.healthcheck?.test.join(' ')).toContain("'/healthz'");
    }
    for (const service of Object.keys(services)) {
      expect(compose[service]?.depends_on).toEqual({
        mongo: { condition: 'service_healthy' },
        nats: { condition: 'service_healthy' },
      });
    }
  });

  it('publishes only the gateway and mail-reading ports and names no container, so services scale (--scale svc-sync=3)', () => {
    const published = new Set(['gateway', 'mailpit']);
    for (const [name, service] of Object.entries(compose)) {
      expect(service.container_name, name).toBeUndefined();
      if (!published.has(name)) expect(service.ports, name).toBeUndefined();
    }
    expect(compose.gateway?.ports).toEqual(['8080:8080']);
    expect(compose.mailpit?.ports).toEqual(['8025:8025']);
  });
});
