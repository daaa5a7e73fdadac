import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { findGoBinary, HELM, KUBECONFORM, resolveGoBinary } from './go-binary.js';
import { KUBERNETES_SCHEMA_VERSION, provisionKubernetesSchemas } from './kubernetes-schemas.js';
import { cacheDir, type Env } from './paths.js';
import type { InfraLog } from './process.js';

export { KUBERNETES_SCHEMA_VERSION } from './kubernetes-schemas.js';
export const HELM_VERSION = HELM.version;
export const KUBECONFORM_VERSION = KUBECONFORM.version;

/** What checks the Helm chart offline: the two commands and kubeconform's schema directory. */
export interface KubernetesTools {
  helm: string;
  kubeconform: string;
  /** Holds `<kind><suffix>.json` files: pass `-schema-location <dir>/{{ .ResourceKind }}{{ .KindSuffix }}.json`. */
  schemaDir: string;
}

const stderrLog: InfraLog = (message) => process.stderr.write(`[infra] ${message}\n`);

/**
 * Builds helm and kubeconform with `go install` and generates the Kubernetes schemas, each only
 * when missing (CI calls it through `npm run infra -- --provision-only`).
 */
export async function provisionKubernetesTools(
  options: { env?: Env; log?: InfraLog } = {},
): Promise<KubernetesTools> {
  const env = options.env ?? process.env;
  const log = options.log ?? stderrLog;
  // One after another: each build already uses every core.
  const helm = await resolveGoBinary(HELM, env, log);
  const kubeconform = await resolveGoBinary(KUBECONFORM, env, log);
  const schemaDir = await provisionKubernetesSchemas(env, log);
  return { helm, kubeconform, schemaDir };
}

/**
 * The tools if they are already there (on the PATH or in the cache); builds nothing, so a test can
 * say what to run instead of spending minutes building.
 */
export async function findKubernetesTools(
  env: Env = process.env,
): Promise<{ tools?: KubernetesTools; missing: string[] }> {
  const helm = await findGoBinary(HELM, env);
  const kubeconform = await findGoBinary(KUBECONFORM, env);
  const schemaDir = join(cacheDir(env), 'kubernetes-json-schema', KUBERNETES_SCHEMA_VERSION);
  const schemasThere = await access(schemaDir).then(
    () => true,
    () => false,
  );
  const missing = [
    ...(helm ? [] : [`helm ${HELM.version}`]),
    ...(kubeconform ? [] : [`kubeconform ${KUBECONFORM.version}`]),
    ...(schemasThere ? [] : [`Kubernetes ${KUBERNETES_SCHEMA_VERSION} schemas in ${schemaDir}`]),
  ];
  if (!helm || !kubeconform || !schemasThere) return { missing };
  return { tools: { helm, kubeconform, schemaDir }, missing };
}
