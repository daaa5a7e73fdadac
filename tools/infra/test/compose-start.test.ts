import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startInfra, startSmtpSink, type Infra, type SmtpSink } from '@onvelope/infra';
import {
  apps,
  composeEnvironment,
  dockerfileStages,
  imageOf,
  readCompose,
  readDockerfile,
  readEnvExample,
  repoRoot,
  serviceNames,
  type AppName,
  type ComposeService,
} from './compose-files.js';

// What would have caught the stack that never started (issue 17): every app runs from its built
// dist with exactly the environment its image and compose.yaml give it, with .env.example as the
// .env file, in production mode, and must become ready. Only what cannot exist here changes:
// MongoDB, NATS and the mail catcher are local stand-ins (credentials and all, in NATS's case), and
// each app listens on a free loopback port instead of its container's. Needs `npm run build:node`.

interface RunningApp {
  child: ChildProcess;
  output: string;
}

const quiet = (): void => {};

/** The probe compose runs in the app's container: the path its health check fetches. */
function probePath(service: ComposeService): string {
  const path = /'(\/[a-z]+)'/.exec(service.healthcheck?.test.join(' ') ?? '')?.[1];
  if (!path) throw new Error('no HTTP health check');
  return path;
}

describe('the apps, started as compose.yaml starts them', () => {
  let compose: Record<string, ComposeService>;
  let infra: Infra<'mongo' | 'nats'>;
  let mail: SmtpSink;
  const ports = new Map<AppName, number>();
  const running = new Map<AppName, RunningApp>();
  const environments = new Map<AppName, Record<string, string>>();

  /** A compose address as seen from the host: local stand-ins for infrastructure, free ports for apps. */
  function onThisHost(value: string): string {
    if (!URL.canParse(value)) return value;
    const url = new URL(value);
    if (!(url.hostname in compose)) return value;
    const natsUrl = infra.natsAccountUrls?.[0] ?? infra.natsUrl;
    if (url.hostname === 'mongo') return infra.mongoUrl;
    if (url.hostname === 'nats') {
      // The local account has its own user; compose's must be there to be swapped for it.
      expect(url.username, 'NATS_URL carries a user').not.toBe('');
      return natsUrl;
    }
    if (url.hostname === 'mailpit') return mail.url;
    const app = ports.get(url.hostname as AppName);
    // The try profile's simulators (Big Cartel, EasyPost tracking) are not started: no app needs
    // them to be ready.
    return `${url.protocol}//127.0.0.1:${app ?? url.port}${url.pathname}${url.search}`;
  }

  async function start(app: AppName): Promise<void> {
    const [stages, envExample] = await Promise.all([
      readDockerfile().then(dockerfileStages),
      readEnvExample(),
    ]);
    const image = imageOf(stages, app);
    const fromCompose = composeEnvironment(compose[app]!, envExample.values);
    const environment = Object.fromEntries(
      Object.entries({ ...image.env, ...fromCompose }).map(([name, value]) => [
        name,
        onThisHost(value),
      ]),
    );
    environment.PORT = String(ports.get(app));
    environments.set(app, environment);

    const [command, ...args] = image.cmd ?? [];
    expect(command, `${app}: the image runs node`).toBe('node');
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      env: environment,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started: RunningApp = { child, output: '' };
    const collect = (chunk: Buffer) => (started.output += chunk.toString());
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    running.set(app, started);

    const url = `http://127.0.0.1:${environment.PORT}${probePath(compose[app]!)}`;
    const deadline = Date.now() + 45_000;
    for (;;) {
      if (child.exitCode !== null) {
        throw new Error(
          `${app} exited (${child.exitCode}) before it was ready:\n${started.output}`,
        );
      }
      const answer = await fetch(url).catch(() => undefined);
      if (answer?.status === 200) return;
      if (Date.now() > deadline) {
        throw new Error(`${app} was not ready at ${url} within 45 s:\n${started.output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  beforeAll(async () => {
    compose = await readCompose();
    [infra, mail] = await Promise.all([
      startInfra({ parts: ['mongo', 'nats'], natsAccounts: 1, log: quiet }),
      startSmtpSink(),
    ]);
    for (const app of apps) ports.set(app, await freePort());
    // As compose orders them: every service, then the gateway once they are ready.
    await Promise.all(serviceNames.map(start));
    await start('gateway');
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      [...running.values()].map(async ({ child }) => {
        if (child.exitCode !== null) return;
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }),
    );
    await Promise.all([infra?.stop(), mail?.stop()]);
  }, 60_000);

  it('runs every app in production mode', () => {
    for (const app of apps) expect(environments.get(app)?.NODE_ENV, app).toBe('production');
  });

  it('has every service ready on /readyz and the gateway on its health check', () => {
    for (const service of serviceNames)
      expect(probePath(compose[service]!), service).toBe('/readyz');
    for (const app of apps) expect(running.get(app)?.child.exitCode, app).toBeNull();
  });

  it('starts svc-sync with live tracking on, pointed at the tracking simulator', () => {
    const sync = environments.get('svc-sync');
    expect(sync?.EASYPOST_API_KEY).toMatch(/^EZTK/);
    expect(sync?.EASYPOST_API_URL).toMatch(/^http:\/\/127\.0\.0\.1:4020\/v2\/$/);
    expect(sync?.EASYPOST_WEBHOOK_SECRET).toBeTruthy();
    expect(running.get('svc-sync')?.child.exitCode).toBeNull();
  });

  it('lets the gateway reach every service it is given', async () => {
    const answer = await fetch(`http://127.0.0.1:${ports.get('gateway')}/api/health`);
    expect(answer.status).toBe(200);
  });

  it('tells the shell where each remote is served, from .env.example', async () => {
    const { values } = await readEnvExample();
    const answer = await fetch(`http://127.0.0.1:${ports.get('gateway')}/remotes.json`);
    expect(await answer.json()).toEqual({
      remotes: [
        { name: 'mf_marketing', entry: values.REMOTE_MARKETING_URL },
        { name: 'mf_customer', entry: values.REMOTE_CUSTOMER_URL },
        { name: 'mf_merchant', entry: values.REMOTE_MERCHANT_URL },
      ],
    });
  });
});
