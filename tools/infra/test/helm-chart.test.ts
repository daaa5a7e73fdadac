import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import {
  findKubernetesTools,
  KUBERNETES_SCHEMA_VERSION,
  type KubernetesTools,
} from '@onvelope/infra';

// The chart under deploy/helm is checked the way a cluster would see it, offline: `helm lint
// --strict`, `helm template`, and kubeconform against schemas generated from the Kubernetes API
// description (tools/infra/src/kubernetes-schemas.ts), with the facts issue 17 asks for.

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const chart = join(repoRoot, 'deploy', 'helm', 'onvelope');
const inClusterValues = join(chart, 'ci', 'in-cluster-values.yaml');
const minimalValues = join(chart, 'ci', 'minimal-values.yaml');
const productionExample = join(repoRoot, 'deploy', 'helm', 'examples', 'production-values.yaml');
const kubeVersion = KUBERNETES_SCHEMA_VERSION.replace(/^v/, '');
const execFileAsync = promisify(execFile);

const backendApps = [
  'svc-auth',
  'svc-orders',
  'svc-sync',
  'svc-billing',
  'svc-analytics',
  'svc-notify',
];
const apps = ['gateway', ...backendApps];
const secretNames = [
  'MONGO_URL',
  'NATS_URL',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'TOKEN_ENCRYPTION_KEY',
  'STATE_SECRET',
  'BIGCARTEL_CLIENT_ID',
  'BIGCARTEL_CLIENT_SECRET',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'METRICS_TOKEN',
  'GATEWAY_SECRET',
  'UNSUBSCRIBE_SECRET',
  'WEBHOOK_SECRETS_KEY',
];

/* eslint-disable @typescript-eslint/no-explicit-any -- rendered manifests are read as plain data */
type Manifest = Record<string, any>;

let tools: KubernetesTools;
let home: string;

async function helm(args: string[]): Promise<string> {
  const { stdout } = await execFileAsync(tools.helm, args, {
    // Helm's own state (repositories, cache) stays out of the user's home.
    env: {
      ...process.env,
      HELM_CACHE_HOME: join(home, 'cache'),
      HELM_CONFIG_HOME: join(home, 'config'),
      HELM_DATA_HOME: join(home, 'data'),
    },
    maxBuffer: 32 * 1024 * 1024,
  });
  return stdout;
}

const template = (...extra: string[]) =>
  helm([
    'template',
    'onvelope',
    chart,
    '--namespace',
    'shop',
    '--kube-version',
    kubeVersion,
    ...extra,
  ]);

function parseManifests(rendered: string): Manifest[] {
  return parseAllDocuments(rendered)
    .map((document) => document.toJSON() as Manifest | null)
    .filter((manifest): manifest is Manifest => manifest !== null);
}

interface KubeconformReport {
  resources: { filename: string; kind: string; name: string; status: string; msg: string }[];
  summary: { valid: number; invalid: number; errors: number; skipped: number };
}

/** kubeconform -strict on rendered YAML; schemas only from the local directory (no download). */
async function kubeconform(rendered: string): Promise<KubeconformReport> {
  const file = join(home, `rendered-${Math.random().toString(36).slice(2)}.yaml`);
  await writeFile(file, rendered);
  const args = [
    '-strict',
    '-summary',
    '-output',
    'json',
    '-kubernetes-version',
    kubeVersion,
    '-schema-location',
    `${tools.schemaDir}/{{ .ResourceKind }}{{ .KindSuffix }}.json`,
    file,
  ];
  // Exits 1 when something is invalid; the JSON report says what either way.
  const output = await execFileAsync(tools.kubeconform, args).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string }) => error.stdout ?? '',
  );
  return JSON.parse(output) as KubeconformReport;
}

const byKind = (manifests: Manifest[], kind: string) =>
  manifests.filter((manifest) => manifest.kind === kind);
const named = (manifests: Manifest[], kind: string, name: string) =>
  manifests.find((manifest) => manifest.kind === kind && manifest.metadata.name === name);

beforeAll(async () => {
  const found = await findKubernetesTools();
  if (!found.tools) {
    throw new Error(
      `The chart's checks need ${found.missing.join(', ')}: run \`npm run infra -- --provision-only\` ` +
        `(builds them with Go into the cache, once).`,
    );
  }
  tools = found.tools;
  home = await mkdtemp(join(tmpdir(), 'onvelope-helm-'));
});

afterAll(async () => {
  if (home) await rm(home, { recursive: true, force: true });
});

describe('the Helm chart (deploy/helm/onvelope)', () => {
  it('passes helm lint --strict with the least values, everything in the cluster, and the production example', async () => {
    const lint = (...extra: string[]) =>
      helm(['lint', '--strict', chart, '--kube-version', kubeVersion, ...extra]);
    expect(await lint('-f', minimalValues)).toMatch(/1 chart\(s\) linted, 0 chart\(s\) failed/);
    expect(await lint('-f', inClusterValues)).toMatch(/0 chart\(s\) failed/);
    expect(await lint('-f', productionExample)).toMatch(/0 chart\(s\) failed/);
  });

  it('stops an install with its defaults, naming every value it needs', async () => {
    const refusal = await template().then(
      () => '',
      (error: { stderr?: string }) => error.stderr ?? '',
    );
    const named = [...refusal.matchAll(/^ {2}- ([\w.]+)/gm)].map((match) => match[1]);
    expect(named).toEqual([
      'image.registry',
      'mongo.url',
      'nats.url',
      'secrets.values.GATEWAY_SECRET',
      'secrets.values.BIGCARTEL_CLIENT_ID',
      'secrets.values.BIGCARTEL_CLIENT_SECRET',
      'secrets.values.TOKEN_ENCRYPTION_KEY',
      'secrets.values.STATE_SECRET',
      'secrets.values.UNSUBSCRIBE_SECRET',
      'secrets.values.WEBHOOK_SECRETS_KEY',
    ]);
    // One value missing is named alone, with what to do.
    await expect(
      template('-f', minimalValues, '--set', 'secrets.values.STATE_SECRET='),
    ).rejects.toThrow(
      /needs these values[^]*secrets\.values\.STATE_SECRET \(or secrets\.existingSecret/,
    );
  });

  describe('with the least values an install needs (ci/minimal-values.yaml)', () => {
    let rendered: string;
    let manifests: Manifest[];

    beforeAll(async () => {
      rendered = await template('-f', minimalValues);
      manifests = parseManifests(rendered);
    });

    it('renders manifests that kubeconform -strict finds valid, with a schema for every kind', async () => {
      const report = await kubeconform(rendered);
      const problems = report.resources.filter((resource) => resource.status !== 'statusValid');
      expect(problems).toEqual([]);
      expect(report.summary).toEqual({
        valid: manifests.length,
        invalid: 0,
        errors: 0,
        skipped: 0,
      });
    });

    it('has a Deployment and a Service per app, and nothing for the web image or in-cluster infra', () => {
      const expected = apps.map((app) => `onvelope-${app}`).sort();
      expect(
        byKind(manifests, 'Deployment')
          .map((d) => d.metadata.name)
          .sort(),
      ).toEqual(expected);
      expect(
        byKind(manifests, 'Service')
          .map((s) => s.metadata.name)
          .sort(),
      ).toEqual(expected);
      expect(byKind(manifests, 'StatefulSet')).toEqual([]);
      expect(byKind(manifests, 'Ingress')).toEqual([]);
    });

    it('probes liveness on /healthz and readiness on /readyz (the gateway’s is false while it drains)', () => {
      for (const app of apps) {
        const [container] = named(manifests, 'Deployment', `onvelope-${app}`)!.spec.template.spec
          .containers;
        expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
        expect(container.startupProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
        expect(container.readinessProbe.httpGet.path).toBe('/readyz');
        expect(container.ports).toEqual([
          { name: 'http', containerPort: expect.any(Number), protocol: 'TCP' },
        ]);
      }
    });

    it('gives every container requests and limits, a non-root user and a read-only root filesystem', () => {
      for (const deployment of byKind(manifests, 'Deployment')) {
        const pod = deployment.spec.template.spec;
        expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
        expect(pod.automountServiceAccountToken).toBe(false);
        for (const container of pod.containers) {
          expect(container.resources.requests).toMatchObject({
            cpu: expect.anything(),
            memory: expect.anything(),
          });
          expect(container.resources.limits).toMatchObject({ memory: expect.anything() });
          expect(container.securityContext).toMatchObject({
            readOnlyRootFilesystem: true,
            allowPrivilegeEscalation: false,
          });
          expect(container.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
        }
      }
    });

    it('autoscales svc-sync and the gateway (autoscaling/v2), which then leave replicas to the HPA', () => {
      const hpas = byKind(manifests, 'HorizontalPodAutoscaler');
      expect(hpas.map((hpa) => hpa.apiVersion)).toEqual(['autoscaling/v2', 'autoscaling/v2']);
      expect(hpas.map((hpa) => hpa.spec.scaleTargetRef.name).sort()).toEqual([
        'onvelope-gateway',
        'onvelope-svc-sync',
      ]);
      for (const hpa of hpas) {
        expect(hpa.spec.scaleTargetRef.kind).toBe('Deployment');
        expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
        expect(
          named(manifests, 'Deployment', hpa.spec.scaleTargetRef.name)!.spec.replicas,
        ).toBeUndefined();
      }
      expect(named(manifests, 'Deployment', 'onvelope-svc-orders')!.spec.replicas).toBe(2);
      expect(byKind(manifests, 'PodDisruptionBudget')).toHaveLength(apps.length);
    });

    it("points the gateway at every service and every service at svc-auth's keys, through ConfigMaps", () => {
      const gateway = named(manifests, 'ConfigMap', 'onvelope-gateway')!.data;
      expect(gateway).toMatchObject({
        AUTH_SERVICE_URL: 'http://onvelope-svc-auth:4001',
        ORDERS_SERVICE_URL: 'http://onvelope-svc-orders:4002',
        SYNC_SERVICE_URL: 'http://onvelope-svc-sync:4003',
        BILLING_SERVICE_URL: 'http://onvelope-svc-billing:4004',
        ANALYTICS_SERVICE_URL: 'http://onvelope-svc-analytics:4005',
        NOTIFY_SERVICE_URL: 'http://onvelope-svc-notify:4006',
        SERVE_FRONTENDS: 'true',
        TRUST_PROXY: 'false',
      });
      for (const app of backendApps) {
        expect(named(manifests, 'ConfigMap', `onvelope-${app}`)!.data).toMatchObject({
          AUTH_JWKS_URL: 'http://onvelope-svc-auth:4001/auth/.well-known/jwks.json',
          PUBLIC_SITE_URL: 'http://localhost:8080',
          LOG_LEVEL: 'info',
          // The chart's appVersion: the image tag when none is given.
          APP_VERSION: '0.1.0',
        });
      }
    });

    it('gives a starting pod ten minutes (index builds on large collections) before restarting it', () => {
      for (const app of apps) {
        const [container] = named(manifests, 'Deployment', `onvelope-${app}`)!.spec.template.spec
          .containers;
        const { periodSeconds, failureThreshold } = container.startupProbe;
        expect(periodSeconds * failureThreshold).toBe(600);
      }
    });

    it('lets anyone reach the gateway, and the services only from the release and on their port', () => {
      const policies = byKind(manifests, 'NetworkPolicy');
      expect(policies.map((policy) => policy.metadata.name).sort()).toEqual(
        apps.map((app) => `onvelope-${app}`).sort(),
      );
      for (const policy of policies) {
        expect(policy.spec.policyTypes).toEqual(['Ingress']);
        const app = (policy.metadata.name as string).replace(/^onvelope-/, '');
        expect(policy.spec.podSelector.matchLabels).toEqual({
          'app.kubernetes.io/name': app,
          'app.kubernetes.io/instance': 'onvelope',
        });
        const rules = policy.spec.ingress as Manifest[];
        expect(rules.every((rule) => rule.ports[0].port === 'http')).toBe(true);
        if (app === 'gateway')
          expect(rules).toEqual([{ ports: [{ port: 'http', protocol: 'TCP' }] }]);
        else
          expect(rules).toEqual([
            {
              from: [
                { podSelector: { matchLabels: { 'app.kubernetes.io/instance': 'onvelope' } } },
              ],
              ports: [{ port: 'http', protocol: 'TCP' }],
            },
          ]);
      }
    });

    it('reads MONGO_URL and NATS_URL from the Secret, which holds the external URLs', () => {
      const secret = named(manifests, 'Secret', 'onvelope-secrets')!;
      expect(secret.stringData).toMatchObject({
        MONGO_URL: 'mongodb://mongodb.data:27017/?replicaSet=rs0',
        NATS_URL: 'nats://nats.messaging:4222',
      });
      for (const app of backendApps) {
        const env = named(manifests, 'Deployment', `onvelope-${app}`)!.spec.template.spec
          .containers[0].env as Manifest[];
        for (const name of ['MONGO_URL', 'NATS_URL']) {
          expect(env.find((variable) => variable.name === name)).toEqual({
            name,
            valueFrom: { secretKeyRef: { name: 'onvelope-secrets', key: name, optional: false } },
          });
        }
      }
    });
  });

  describe('with MongoDB and NATS in the cluster, the Ingress and the web image', () => {
    let rendered: string;
    let manifests: Manifest[];

    beforeAll(async () => {
      rendered = await template('-f', inClusterValues);
      manifests = parseManifests(rendered);
    });

    it('renders manifests that kubeconform -strict finds valid, with a schema for every kind', async () => {
      const report = await kubeconform(rendered);
      expect(report.resources.filter((resource) => resource.status !== 'statusValid')).toEqual([]);
      expect(report.summary).toEqual({
        valid: manifests.length,
        invalid: 0,
        errors: 0,
        skipped: 0,
      });
    });

    it('adds the web app and StatefulSets for MongoDB (a replica set) and NATS (JetStream)', () => {
      expect(
        byKind(manifests, 'Deployment')
          .map((d) => d.metadata.name)
          .sort(),
      ).toEqual([...apps, 'web'].map((app) => `onvelope-${app}`).sort());
      expect(named(manifests, 'Service', 'onvelope-web')).toBeDefined();
      // nginx-unprivileged runs as its own user; the Node images as `node`.
      expect(
        named(manifests, 'Deployment', 'onvelope-web')!.spec.template.spec.securityContext,
      ).toMatchObject({ runAsNonRoot: true, runAsUser: 101, fsGroup: 101 });
      expect(
        named(manifests, 'Deployment', 'onvelope-gateway')!.spec.template.spec.securityContext,
      ).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
      const mongo = named(manifests, 'StatefulSet', 'onvelope-mongo')!;
      expect(mongo.spec.template.spec.containers[0].command).toEqual(
        expect.arrayContaining(['mongod', '--replSet', 'rs0']),
      );
      const nats = named(manifests, 'StatefulSet', 'onvelope-nats')!;
      expect(nats.spec.template.spec.containers[0].command).toContain('--jetstream');
      for (const app of backendApps) {
        expect(named(manifests, 'ConfigMap', `onvelope-${app}`)!.data).toMatchObject({
          MONGO_URL:
            'mongodb://onvelope-mongo-0.onvelope-mongo.shop.svc.cluster.local:27017/?replicaSet=rs0',
          NATS_URL: 'nats://onvelope-nats.shop.svc.cluster.local:4222',
        });
      }
    });

    it('routes the API to the gateway and the pages to the web image, over TLS', () => {
      const ingress = named(manifests, 'Ingress', 'onvelope')!;
      expect(ingress.spec.tls).toEqual([
        { hosts: ['onvelope.example.com'], secretName: 'onvelope-tls' },
      ]);
      const routes = Object.fromEntries(
        (ingress.spec.rules[0].http.paths as Manifest[]).map((path) => [
          path.path,
          path.backend.service.name,
        ]),
      );
      expect(routes).toEqual({
        '/api': 'onvelope-gateway',
        '/auth': 'onvelope-gateway',
        '/remotes.json': 'onvelope-gateway',
        '/healthz': 'onvelope-gateway',
        '/': 'onvelope-web',
      });
      expect(named(manifests, 'ConfigMap', 'onvelope-gateway')!.data).toMatchObject({
        SERVE_FRONTENDS: 'false',
        TRUST_PROXY: 'true',
        CORS_ORIGINS: 'https://onvelope.example.com',
      });
      expect(named(manifests, 'ConfigMap', 'onvelope-svc-sync')!.data.BIGCARTEL_REDIRECT_URL).toBe(
        'https://onvelope.example.com/api/bigcartel/callback',
      );
    });

    it('keeps every secret value in the Secret and out of every ConfigMap', () => {
      const secret = named(manifests, 'Secret', 'onvelope-secrets')!;
      const markers = Object.values(secret.stringData as Record<string, string>);
      expect(Object.keys(secret.stringData).sort()).toEqual(
        secretNames.filter((name) => name !== 'MONGO_URL' && name !== 'NATS_URL').sort(),
      );
      for (const configMap of byKind(manifests, 'ConfigMap')) {
        const data = configMap.data as Record<string, string>;
        for (const name of secretNames.filter((n) => n !== 'MONGO_URL' && n !== 'NATS_URL')) {
          expect(data).not.toHaveProperty(name);
        }
        for (const marker of markers) expect(Object.values(data).join('\n')).not.toContain(marker);
      }
      // The gateway and every service share the secret with which a service believes the
      // gateway's X-Forwarded-For (each refuses to start in production without it).
      for (const app of apps) {
        const env = named(manifests, 'Deployment', `onvelope-${app}`)!.spec.template.spec
          .containers[0].env as Manifest[];
        expect(
          env.map((variable) => variable.name),
          app,
        ).toContain('GATEWAY_SECRET');
      }
      // Each app reads only the keys it needs.
      const billingEnv = named(manifests, 'Deployment', 'onvelope-svc-billing')!.spec.template.spec
        .containers[0].env as Manifest[];
      expect(billingEnv.map((variable) => variable.name).sort()).toEqual(
        ['PORT', 'GATEWAY_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'].sort(),
      );
    });

    it('takes every image from the given registry and tag', () => {
      for (const deployment of byKind(manifests, 'Deployment')) {
        const name = (deployment.metadata.name as string).replace(/^onvelope-/, '');
        expect(deployment.spec.template.spec.containers[0].image).toBe(
          `registry.example.com/onvelope/onvelope/${name}:1.2.3`,
        );
      }
    });
  });

  it('uses an existing Secret instead of creating one', async () => {
    const manifests = parseManifests(
      await template(
        '--set',
        'secrets.existingSecret=onvelope-prod',
        '--set',
        'image.registry=registry.example.com',
      ),
    );
    expect(byKind(manifests, 'Secret')).toEqual([]);
    const env = named(manifests, 'Deployment', 'onvelope-svc-sync')!.spec.template.spec
      .containers[0].env as Manifest[];
    const refs = env.flatMap((variable) =>
      variable.valueFrom ? [variable.valueFrom.secretKeyRef] : [],
    );
    expect(refs.map((ref) => ref.name)).toEqual(Array(7).fill('onvelope-prod'));
  });

  it("renders the README's production example valid, reading every secret from the given Secret", async () => {
    const rendered = await template('-f', productionExample);
    const manifests = parseManifests(rendered);
    const report = await kubeconform(rendered);
    expect(report.summary).toEqual({ valid: manifests.length, invalid: 0, errors: 0, skipped: 0 });
    expect(byKind(manifests, 'Secret')).toEqual([]);
    expect(named(manifests, 'Ingress', 'onvelope')!.spec.rules[0].host).toBe('track.example.com');
    expect(named(manifests, 'HorizontalPodAutoscaler', 'onvelope-svc-sync')!.spec.maxReplicas).toBe(
      10,
    );
    expect(named(manifests, 'ConfigMap', 'onvelope-svc-sync')!.data.SYNC_CONCURRENCY).toBe('4');
    for (const deployment of byKind(manifests, 'Deployment')) {
      expect(deployment.spec.template.spec.containers[0].image).toMatch(
        /^registry\.example\.com\/acme\/onvelope\/[\w-]+:2026\.11\.1@sha256:[a-f0-9]{64}$/,
      );
    }
    // ingress-nginx lets the gateway's largest upload through and waits for its import.
    expect(named(manifests, 'Ingress', 'onvelope')!.metadata.annotations).toEqual({
      'nginx.ingress.kubernetes.io/proxy-body-size': '60m',
      'nginx.ingress.kubernetes.io/proxy-request-buffering': 'off',
      'nginx.ingress.kubernetes.io/proxy-buffering': 'off',
      'nginx.ingress.kubernetes.io/proxy-read-timeout': '1800',
      'nginx.ingress.kubernetes.io/proxy-send-timeout': '1800',
    });
  });

  it('lets the chart user override an Ingress annotation, and adds none for other controllers', async () => {
    const ingressOf = async (...extra: string[]) =>
      named(
        parseManifests(await template('-f', productionExample, ...extra)),
        'Ingress',
        'onvelope',
      )!;
    const overridden = await ingressOf(
      '--set-string',
      'ingress.annotations.nginx\\.ingress\\.kubernetes\\.io/proxy-body-size=200m',
    );
    expect(overridden.metadata.annotations['nginx.ingress.kubernetes.io/proxy-body-size']).toBe(
      '200m',
    );
    const traefik = await ingressOf('--set', 'ingress.className=traefik');
    expect(traefik.metadata.annotations).toBeUndefined();
  });

  it('keeps as many copies of each stream as asked on an external NATS cluster', async () => {
    const manifests = parseManifests(
      await template('-f', productionExample, '--set', 'nats.streamReplicas=3'),
    );
    for (const app of backendApps)
      expect(named(manifests, 'ConfigMap', `onvelope-${app}`)!.data.NATS_STREAM_REPLICAS).toBe('3');
    expect(named(manifests, 'ConfigMap', 'onvelope-gateway')!.data.NATS_STREAM_REPLICAS).toBe(
      undefined,
    );
  });

  it('adds a ServiceMonitor per app when asked, the gateway scraped with METRICS_TOKEN', async () => {
    const manifests = parseManifests(
      await template(
        '-f',
        minimalValues,
        '--set',
        'serviceMonitor.enabled=true',
        '--set',
        'secrets.values.METRICS_TOKEN=marker-metrics-token-0123456789',
        '--set',
        'serviceMonitor.labels.release=prometheus',
      ),
    );
    const monitors = byKind(manifests, 'ServiceMonitor');
    expect(monitors).toHaveLength(apps.length);
    for (const monitor of monitors) {
      expect(monitor.metadata.labels.release).toBe('prometheus');
      const [endpoint] = monitor.spec.endpoints;
      expect(endpoint).toMatchObject({ port: 'http', path: '/metrics', interval: '30s' });
      if (monitor.metadata.name === 'onvelope-gateway') {
        expect(endpoint.authorization).toEqual({
          type: 'Bearer',
          credentials: { name: 'onvelope-secrets', key: 'METRICS_TOKEN' },
        });
      } else expect(endpoint.authorization).toBeUndefined();
    }
    await expect(
      template('-f', minimalValues, '--set', 'serviceMonitor.enabled=true'),
    ).rejects.toThrow(/secrets\.values\.METRICS_TOKEN: the gateway's ServiceMonitor/);
  });

  it('scales svc-sync with KEDA when asked on its waiting sync jobs and registrations, and CPU', async () => {
    const manifests = parseManifests(
      await template('-f', inClusterValues, '--set', 'syncQueueScaling.enabled=true'),
    );
    const [scaled, ...others] = byKind(manifests, 'ScaledObject');
    expect(others).toEqual([]);
    expect(scaled!.spec).toMatchObject({
      scaleTargetRef: { name: 'onvelope-svc-sync' },
      minReplicaCount: 2,
      maxReplicaCount: 10,
      triggers: [
        {
          type: 'nats-jetstream',
          metadata: {
            natsServerMonitoringEndpoint: 'onvelope-nats.shop.svc.cluster.local:8222',
            account: '$G',
            stream: 'SYNC_JOBS',
            consumer: 'svc-sync-jobs',
            lagThreshold: '4',
          },
        },
        {
          type: 'mongodb',
          metadata: {
            connectionStringFromEnv: 'MONGO_URL',
            dbName: 'onvelope_sync',
            collection: 'shipment_trackers',
            query: '{"state":"pending"}',
            queryValue: '1000',
          },
        },
        { type: 'cpu', metricType: 'Utilization', metadata: { value: '70' } },
      ],
    });
    // The query counts what svc-sync's registrations claim from (`state: pending`).
    expect(JSON.parse(scaled!.spec.triggers[1].metadata.query)).toEqual({ state: 'pending' });
    // KEDA reads MONGO_URL from the pod: the Deployment has it (here from the ConfigMap).
    expect(named(manifests, 'ConfigMap', 'onvelope-svc-sync')!.data.MONGO_URL).toMatch(
      /^mongodb:\/\//,
    );
    // KEDA makes svc-sync's HPA; the chart's CPU one stays for the gateway only.
    expect(
      byKind(manifests, 'HorizontalPodAutoscaler').map((hpa) => hpa.spec.scaleTargetRef.name),
    ).toEqual(['onvelope-gateway']);
    expect(named(manifests, 'Deployment', 'onvelope-svc-sync')!.spec.replicas).toBeUndefined();
    await expect(
      template('-f', minimalValues, '--set', 'syncQueueScaling.enabled=true'),
    ).rejects.toThrow(/syncQueueScaling\.natsMonitoringEndpoint is required with external NATS/);
  });

  it('scales svc-notify with KEDA when asked, on the mails and webhook deliveries waiting', async () => {
    const off = parseManifests(await template('-f', inClusterValues));
    expect(byKind(off, 'ScaledObject')).toEqual([]);
    expect(named(off, 'Deployment', 'onvelope-svc-notify')!.spec.replicas).toBe(2);

    const manifests = parseManifests(
      await template('-f', minimalValues, '--set', 'notifyQueueScaling.enabled=true'),
    );
    const [scaled, ...others] = byKind(manifests, 'ScaledObject');
    expect(others).toEqual([]);
    expect(scaled!.spec).toMatchObject({
      scaleTargetRef: { name: 'onvelope-svc-notify' },
      minReplicaCount: 2,
      maxReplicaCount: 10,
      triggers: [
        {
          type: 'mongodb',
          metadata: {
            connectionStringFromEnv: 'MONGO_URL',
            dbName: 'onvelope_notify',
            collection: 'notifications',
            query: '{"state":"queued"}',
            queryValue: '500',
          },
        },
        {
          type: 'mongodb',
          metadata: {
            connectionStringFromEnv: 'MONGO_URL',
            dbName: 'onvelope_notify',
            collection: 'webhook_deliveries',
            query: '{"state":"pending"}',
            queryValue: '2000',
          },
        },
      ],
    });
    const deployment = named(manifests, 'Deployment', 'onvelope-svc-notify')!;
    expect(deployment.spec.replicas).toBeUndefined();
    // An external MongoDB: KEDA reads MONGO_URL from the pod's Secret reference.
    expect(
      deployment.spec.template.spec.containers[0].env.find(
        (variable: Manifest) => variable.name === 'MONGO_URL',
      ).valueFrom.secretKeyRef.key,
    ).toBe('MONGO_URL');
    expect(
      byKind(manifests, 'HorizontalPodAutoscaler').map((hpa) => hpa.spec.scaleTargetRef.name),
    ).not.toContain('onvelope-svc-notify');
    // A database of its own, named in the app's env, is the one counted.
    const renamed = parseManifests(
      await template(
        '-f',
        minimalValues,
        '--set',
        'notifyQueueScaling.enabled=true',
        '--set',
        'apps.svc-notify.env.MONGO_DB=shop_notify',
      ),
    );
    expect(
      byKind(renamed, 'ScaledObject')[0]!.spec.triggers.map(
        (trigger: Manifest) => trigger.metadata.dbName,
      ),
    ).toEqual(['shop_notify', 'shop_notify']);
  });

  it("exposes svc-notify's bounce intake only when it is on: its port to anyone, STARTTLS from a TLS Secret", async () => {
    const off = parseManifests(await template('-f', minimalValues));
    expect(named(off, 'Service', 'onvelope-svc-notify-bounces')).toBeUndefined();
    expect(named(off, 'ConfigMap', 'onvelope-svc-notify')!.data.BOUNCE_SMTP_PORT).toBeUndefined();

    await expect(
      template('-f', minimalValues, '--set', 'bounceIntake.enabled=true'),
    ).rejects.toThrow(/needs these values[^]*bounceIntake\.address/);

    const rendered = await template(
      '-f',
      minimalValues,
      '--set',
      'bounceIntake.enabled=true,bounceIntake.address=bounces@bounces.shop.example,bounceIntake.tlsSecretName=bounces-tls',
    );
    const report = await kubeconform(rendered);
    expect(report.resources.filter((resource) => resource.status !== 'statusValid')).toEqual([]);
    const manifests = parseManifests(rendered);

    const service = named(manifests, 'Service', 'onvelope-svc-notify-bounces')!;
    expect(service.spec).toMatchObject({
      type: 'LoadBalancer',
      selector: {
        'app.kubernetes.io/name': 'svc-notify',
        'app.kubernetes.io/instance': 'onvelope',
      },
      ports: [{ name: 'smtp', port: 25, targetPort: 'smtp', protocol: 'TCP' }],
    });
    // The service's own port stays inside the cluster.
    expect(named(manifests, 'Service', 'onvelope-svc-notify')!.spec.type).toBe('ClusterIP');

    const pod = named(manifests, 'Deployment', 'onvelope-svc-notify')!.spec.template.spec;
    const [container] = pod.containers;
    expect(container.ports).toEqual([
      { name: 'http', containerPort: 4006, protocol: 'TCP' },
      { name: 'smtp', containerPort: 2525, protocol: 'TCP' },
    ]);
    expect(container.volumeMounts).toContainEqual({
      name: 'bounce-tls',
      mountPath: '/etc/onvelope/bounce-tls',
      readOnly: true,
    });
    expect(pod.volumes).toContainEqual({
      name: 'bounce-tls',
      secret: { secretName: 'bounces-tls' },
    });
    expect(named(manifests, 'ConfigMap', 'onvelope-svc-notify')!.data).toMatchObject({
      BOUNCE_ADDRESS: 'bounces@bounces.shop.example',
      BOUNCE_SMTP_PORT: '2525',
      BOUNCE_TLS_KEY_FILE: '/etc/onvelope/bounce-tls/tls.key',
      BOUNCE_TLS_CERT_FILE: '/etc/onvelope/bounce-tls/tls.crt',
    });

    // Mail servers reach the intake from anywhere; the service's port stays the release's.
    const policy = named(manifests, 'NetworkPolicy', 'onvelope-svc-notify')!;
    expect(policy.spec.ingress).toEqual([
      {
        from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/instance': 'onvelope' } } }],
        ports: [{ port: 'http', protocol: 'TCP' }],
      },
      { ports: [{ port: 'smtp', protocol: 'TCP' }] },
    ]);
    for (const app of apps.filter((name) => name !== 'svc-notify')) {
      const [other] = named(manifests, 'Deployment', `onvelope-${app}`)!.spec.template.spec
        .containers;
      expect(other.ports).toHaveLength(1);
    }
  });

  it('refuses a misspelt value (values.schema.json)', async () => {
    await expect(template('--set', 'apps.svc-sync.replica=3')).rejects.toThrow(
      /replica.*not allowed/i,
    );
  });

  it('refuses the web image without the Ingress that routes to it', async () => {
    await expect(template('-f', minimalValues, '--set', 'apps.web.enabled=true')).rejects.toThrow(
      /needs ingress.enabled/,
    );
  });

  it('is checked against schemas that catch a misspelt field', async () => {
    const report = await kubeconform(
      [
        'apiVersion: apps/v1',
        'kind: Deployment',
        'metadata: { name: typo }',
        'spec:',
        '  replica: 2',
        '  selector: { matchLabels: { app: typo } }',
        '  template:',
        '    metadata: { labels: { app: typo } }',
        '    spec: { containers: [{ name: app, image: app }] }',
      ].join('\n'),
    );
    expect(report.summary).toMatchObject({ valid: 0, invalid: 1 });
    expect(report.resources[0]!.msg).toMatch(/replica/);
  });
});
