#!/usr/bin/env node
import { parseArgs } from 'node:util';
import {
  provisionHadolint,
  provisionInfra,
  provisionJaeger,
  provisionKubernetesTools,
  startInfra,
} from './index.js';

const usage = `Usage: npm run infra [-- options]
Starts MongoDB (compatible), NATS with JetStream and stripe-mock for local runs and prints their URLs.

  --provision-only  only download/build what is missing into the cache, then exit (this also
                    builds helm and kubeconform and the Kubernetes schemas the chart tests use, and
                    fetches hadolint for the Dockerfile's lint, and builds Jaeger for the
                    OpenTelemetry traces' test)
  --memory          keep nothing between runs (default: data in .data/ at the repo root)
  --data-dir <dir>  where persistent data lives
  -h, --help        this text`;

const log = (message: string): void => console.log(`[infra] ${message}`);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'provision-only': { type: 'boolean', default: false },
      memory: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }

  if (values['provision-only']) {
    const started = Date.now();
    const used = await provisionInfra({ log });
    for (const [part, what] of Object.entries(used)) log(`${part}: ${what}`);
    // After the servers: the deploy/helm chart's checks (npm test) need these, nothing at run time.
    const kubernetes = await provisionKubernetesTools({ log });
    log(`helm: ${kubernetes.helm}`);
    log(`kubeconform: ${kubernetes.kubeconform}`);
    log(`kubernetes schemas: ${kubernetes.schemaDir}`);
    // The Dockerfile's lint (npm test).
    log(`hadolint: ${await provisionHadolint(process.env, log)}`);
    // The OpenTelemetry traces' test and benchmark (service-kit's telemetry).
    log(`jaeger: ${await provisionJaeger(process.env, log)}`);
    log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return;
  }

  const started = Date.now();
  const infra = await startInfra({
    persistent: !values.memory,
    ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
    log,
  });
  console.log(`
Infrastructure is up (${((Date.now() - started) / 1000).toFixed(1)} s). Ctrl-C stops it.
  MONGO_URL=${infra.mongoUrl}
  NATS_URL=${infra.natsUrl}
  STRIPE_MOCK_URL=${infra.stripeMockUrl}
`);

  let stopping = false;
  const shutdown = (): void => {
    if (stopping) return;
    stopping = true;
    log('stopping');
    infra.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
