import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  freePort,
  startInfra,
  startNatsCluster,
  startSmtpSink,
  type InfraLog,
  type NatsNode,
  type SmtpSink,
} from '@onvelope/infra';
import { startStoreFrontSim, type StoreFrontSim } from '@onvelope/storefront-sim';
import { simTestApiKey, startTrackingSim, type TrackingSim } from '@onvelope/tracking-sim';
import {
  builtEntry,
  gateway,
  nodeArgsOf,
  repoRoot,
  services,
  sourceEntry,
  type BackendApp,
} from './apps.js';
import {
  restartWhenItDies,
  startChild,
  waitUntilReady,
  type ChildSpec,
  type LineSink,
  type RunningChild,
} from './child.js';
import { readableLogs } from './log-lines.js';
import { startRoundRobin, type RoundRobin } from './round-robin.js';

export interface SystemOptions {
  /** `built` runs each app's dist (npm start, e2e tests); `watch` runs sources and restarts on change. */
  mode?: 'built' | 'watch';
  /** Gateway port; 0 picks a free one. Default 8080. */
  gatewayPort?: number;
  /** `fixed` uses each service's documented port (4001-4006); `free` picks free ones (tests). */
  servicePorts?: 'fixed' | 'free';
  /** Keep MongoDB and JetStream data in `.data/` between runs. */
  persistent?: boolean;
  /** Extra variables for every app and the infrastructure (REMOTE_*_URL, LOG_LEVEL, MONGO_URL, ...). */
  env?: Record<string, string>;
  /** Where app output goes; default readable lines on stdout. */
  sink?: LineSink;
  infraLog?: InfraLog;
  /**
   * Where every mail the sink receives is saved as an `.eml` file (buyer notifications are HTML:
   * open one in a mail program); false keeps them in memory only. Default: `.data/mail` when
   * `persistent` (npm start, npm run dev), else none (tests).
   */
  mailDir?: string | false;
  /**
   * Issue 40's topology: this many replicas of every service and of the gateway (default 1), each
   * app's replicas behind a round-robin on the app's port, as a Kubernetes Service is in front of
   * its pods.
   */
  replicas?: number;
  /**
   * Run NATS as a JetStream cluster of this many nodes (streams with as many replicas, at most 3)
   * instead of one server. Ignored when `env` names a NATS_URL.
   */
  natsNodes?: number;
}

export interface RunningSystem {
  url: string;
  /** Where each service listens, by name: on this machine's loopback only. */
  serviceUrls: Record<string, string>;
  /** The SMTP sink every email of the system goes to (verification and reset codes). */
  mail: SmtpSink;
  /** Where the sink's mails are saved (`mailDir`), or null. */
  mailDir: string | null;
  /** The Big Cartel simulator svc-sync talks to, unless BIGCARTEL_API_URL pointed elsewhere. */
  storeFront: StoreFrontSim | undefined;
  /** The EasyPost simulator svc-sync tracks shipments with, unless EASYPOST_API_URL pointed elsewhere. */
  tracking: TrackingSim | undefined;
  /**
   * Every running app process by replica name (`svc-orders`, or `svc-orders-1`, `svc-orders-2` with
   * `replicas`), for fault runs: a killed replica is started again as after any death.
   */
  processes(): Record<string, ChildProcess>;
  /** The NATS cluster's nodes with `natsNodes` (stop one, start it again); else empty. */
  natsNodes: NatsNode[];
  /** How many times each app died once ready (and was started again); none: an empty object. */
  deaths(): Record<string, number>;
  stop(): Promise<void>;
}

/** One readable line per email, so a person trying the product locally sees their code. */
function mailLine(raw: string, to: string[]): string {
  const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '(no subject)';
  const code = /\b(\d{6})\b/.exec(
    raw
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n'),
  )?.[1];
  return `to ${to.join(', ')}: ${subject}${code ? ` (code ${code})` : ''}`;
}

function command(app: BackendApp, mode: 'built' | 'watch'): { command: string; args: string[] } {
  // `node --watch` hands its own flags (the heap cap among them) on to the process it restarts.
  const flags = nodeArgsOf(app);
  return mode === 'built'
    ? { command: process.execPath, args: [...flags, builtEntry(app)] }
    : {
        command: process.execPath,
        args: [...flags, '--watch', '--conditions=source', '--import', 'tsx', sourceEntry(app)],
      };
}

/**
 * Starts the whole backend: MongoDB-compatible server, NATS, stripe-mock, an SMTP sink, the six
 * services and the gateway (which also serves the built frontends). Resolves once every app answers its readiness
 * check; `stop()` ends the apps (each drains its requests) and then the infrastructure.
 *
 * @example
 * const system = await startSystem({ gatewayPort: 0, servicePorts: 'free' });
 * await fetch(`${system.url}/api/health`);
 * await system.stop();
 */
export async function startSystem(options: SystemOptions = {}): Promise<RunningSystem> {
  const mode = options.mode ?? 'built';
  const replicas = options.replicas ?? 1;
  if (!Number.isInteger(replicas) || replicas < 1)
    throw new Error(`replicas must be a whole number from 1, not ${replicas}`);
  const sink = options.sink ?? readableLogs();
  // MONGO_URL, NATS_URL or STRIPE_MOCK_URL in `env` make the system use servers that already run
  // (the end-to-end tests hand over the ones their run started).
  const natsCluster =
    options.natsNodes && !options.env?.NATS_URL
      ? await startNatsCluster({
          nodes: options.natsNodes,
          env: { ...process.env, ...options.env },
          log: options.infraLog ?? ((message) => sink('infra', message)),
        })
      : undefined;
  const infra = await startInfra({
    env: {
      ...process.env,
      ...options.env,
      ...(natsCluster ? { NATS_URL: natsCluster.url } : {}),
    },
    persistent: options.persistent ?? false,
    ...(options.infraLog ? { log: options.infraLog } : {}),
  }).catch(async (error: unknown) => {
    await natsCluster?.stop();
    throw error;
  });
  // Every mail of the system (codes, buyer notifications from svc-notify) goes to the sink, which
  // prints a line for each and saves it whole, so a person trying the product can open it.
  const mailDir =
    options.mailDir === false
      ? null
      : (options.mailDir ?? (options.persistent ? join(repoRoot, '.data', 'mail') : null));
  if (mailDir) mkdirSync(mailDir, { recursive: true });
  let mailCount = 0;
  const mail = await startSmtpSink({
    onMail: ({ raw, to }) => {
      let saved = '';
      if (mailDir) {
        mailCount += 1;
        const file = join(
          mailDir,
          `${new Date().toISOString().replace(/[:.]/g, '-')}-${mailCount}.eml`,
        );
        try {
          writeFileSync(file, raw);
          saved = ` (saved: ${relative(process.cwd(), file) || file})`;
        } catch {
          // The line is printed whether or not the file could be written.
        }
      }
      sink('mail', `${mailLine(raw, to)}${saved}`);
    },
  });
  // A newcomer can try Connect Web Store end to end: two demo stores, a small and a large one.
  const storeFront = options.env?.BIGCARTEL_API_URL
    ? undefined
    : await startStoreFrontSim({ stores: [{ ordersCount: 120 }, { ordersCount: 1500 }] });
  // Live tracking works out of the box: the EasyPost simulator, its parcels moving one checkpoint
  // every TRACKING_SIM_STEP_MS (20 s: a parcel is delivered in a few minutes).
  const tracking = options.env?.EASYPOST_API_URL
    ? undefined
    : await startTrackingSim({
        stepMs: Number(
          options.env?.TRACKING_SIM_STEP_MS ?? process.env.TRACKING_SIM_STEP_MS ?? 20_000,
        ),
      });
  const trackingWebhookSecret = randomBytes(24).toString('base64url');
  let children: RunningChild[] = [];
  const specs: ChildSpec[] = [];
  const fronts: RoundRobin[] = [];
  const deaths: Record<string, number> = {};
  const stop = async () => {
    await Promise.all(fronts.map((front) => front.close()));
    await Promise.all(children.map((child) => child.stop()));
    await Promise.all([
      infra.stop(),
      natsCluster?.stop(),
      mail.stop(),
      storeFront?.close(),
      tracking?.close(),
    ]);
  };

  try {
    const port = async (app: BackendApp) =>
      options.servicePorts === 'free' ? freePort() : app.defaultPort;
    const servicePorts = await Promise.all(services.map(port));
    const serviceUrls = servicePorts.map((p) => `http://127.0.0.1:${p}`);
    const authUrl = serviceUrls[0];
    const gatewayPort =
      options.gatewayPort === 0 ? await freePort() : (options.gatewayPort ?? gateway.defaultPort);
    const url = `http://localhost:${gatewayPort}`;
    const shared = {
      ...process.env,
      MONGO_URL: infra.mongoUrl,
      NATS_URL: infra.natsUrl,
      STRIPE_MOCK_URL: infra.stripeMockUrl,
      AUTH_JWKS_URL: `${authUrl}/auth/.well-known/jwks.json`,
      SMTP_URL: mail.url,
      // Where svc-auth sends the browser back after Google sign-in.
      PUBLIC_SITE_URL: url,
      GOOGLE_REDIRECT_URL: `${url}/auth/google/callback`,
      BIGCARTEL_REDIRECT_URL: `${url}/api/bigcartel/callback`,
      ...(natsCluster
        ? { NATS_STREAM_REPLICAS: String(Math.min(natsCluster.nodes.length, 3)) }
        : {}),
      // Several gateways count their rate limits together, so each limit is allowed once.
      ...(replicas > 1 ? { RATE_LIMIT_MONGO_URL: infra.mongoUrl } : {}),
      // The gateway sends it with every call, and a service believes a call's X-Forwarded-For only
      // with it (service-kit's README): one made for each run, so no other caller knows it.
      GATEWAY_SECRET: randomBytes(24).toString('base64url'),
      ...(tracking
        ? {
            EASYPOST_API_KEY: simTestApiKey,
            EASYPOST_API_URL: tracking.apiUrl,
            EASYPOST_WEBHOOK_SECRET: trackingWebhookSecret,
          }
        : {}),
      ...(storeFront
        ? {
            BIGCARTEL_API_URL: storeFront.url,
            BIGCARTEL_AUTHORIZE_URL: storeFront.authorizeUrl,
            BIGCARTEL_CLIENT_ID: storeFront.clientId,
            BIGCARTEL_CLIENT_SECRET: storeFront.clientSecret,
          }
        : {}),
      ...options.env,
    };

    const startApp = (spec: ChildSpec) => {
      const child = startChild(spec, sink);
      specs.push(spec);
      children.push(child);
      return child;
    };
    /**
     * Starts the app's replicas: one on `port`, or `replicas` on ports of their own behind a
     * round-robin on `port` (listening on `frontHost`). Resolves once each answers `readyPath`.
     */
    const startReplicas = async (
      app: BackendApp,
      port: number,
      env: Record<string, string | undefined>,
      readyPath: string,
      frontHost?: string,
    ) => {
      if (replicas === 1) {
        const child = startApp({ name: app.name, ...command(app, mode), env });
        await waitUntilReady(child, `http://127.0.0.1:${port}${readyPath}`);
        return;
      }
      const replicaPorts = await Promise.all(Array.from({ length: replicas }, () => freePort()));
      // One after another: the first of each app joins an empty system, the next ones a running
      // one (as a scale-up does), and the machine is not asked to start every process at once.
      for (const [index, replicaPort] of replicaPorts.entries()) {
        const child = startApp({
          name: `${app.name}-${index + 1}`,
          ...command(app, mode),
          // Only the round-robin in front, on this machine, calls a replica.
          env: { ...env, HOST: '127.0.0.1', PORT: String(replicaPort) },
        });
        await waitUntilReady(child, `http://127.0.0.1:${replicaPort}${readyPath}`);
      }
      fronts.push(
        await startRoundRobin({ port, replicaPorts, ...(frontHost ? { host: frontHost } : {}) }),
      );
    };
    await Promise.all(
      services.map((app, index) =>
        startReplicas(
          app,
          servicePorts[index]!,
          // Only the gateway, on this machine, calls a service: nothing else need reach one.
          { ...shared, HOST: '127.0.0.1', PORT: String(servicePorts[index]) },
          '/readyz',
        ),
      ),
    );

    const serviceVariables = Object.fromEntries(
      services.map((app, index) => [app.urlVariable, serviceUrls[index]]),
    );
    await startReplicas(
      gateway,
      gatewayPort,
      { ...shared, ...serviceVariables, PORT: String(gatewayPort) },
      '/api/health',
      // Where the gateway itself listens by default (its HOST).
      '0.0.0.0',
    );
    // The simulator's Events reach svc-sync as EasyPost's would: through the gateway, signed.
    await tracking?.addWebhook({
      url: `${url}/api/tracking/webhooks/easypost`,
      secret: trackingWebhookSecret,
    });
    // Once all are up: an app that dies later is started again (one that cannot start fails the
    // start above instead of restarting for good).
    children = children.map((child, index) =>
      restartWhenItDies(child, specs[index]!, sink, {
        onDeath: () => (deaths[child.name] = (deaths[child.name] ?? 0) + 1),
      }),
    );
    const byName = Object.fromEntries(
      services.map((app, index) => [app.name, serviceUrls[index]!]),
    );
    return {
      url,
      serviceUrls: byName,
      mail,
      mailDir,
      storeFront,
      tracking,
      processes: () => Object.fromEntries(children.map((child) => [child.name, child.process])),
      natsNodes: natsCluster?.nodes ?? [],
      deaths: () => ({ ...deaths }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
