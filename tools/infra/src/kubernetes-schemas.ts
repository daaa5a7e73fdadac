import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureCacheEntry } from './cache-entry.js';
import { cacheDir, type Env } from './paths.js';
import { findOnPath, run, type InfraLog } from './process.js';

/**
 * The Kubernetes release whose API the chart is validated against. Its OpenAPI document
 * (`api/openapi-spec/swagger.json`) ships in the Go module `k8s.io/kubernetes`, which the Go
 * module proxy serves; kubeconform's usual schemas are a download from a site these machines
 * cannot reach, so the same kind of schemas is generated from that document instead.
 */
export const KUBERNETES_SCHEMA_VERSION = 'v1.34.4';

type Schema = Record<string, unknown>;

interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

const definitionRef = '#/definitions/';

// kubectl accepts a number where a quantity is expected (`cpu: 1`), as kubeconform's published
// schemas do; the OpenAPI document only says "string".
const overrides: Record<string, Schema> = {
  'io.k8s.apimachinery.pkg.api.resource.Quantity': {
    oneOf: [{ type: 'string' }, { type: 'number' }],
  },
};

/**
 * One OpenAPI v2 schema as JSON Schema draft 4 in kubeconform's "strict" flavour: objects with
 * declared properties refuse others (a misspelt field is an error, as `kubectl --validate=strict`
 * makes it), `int-or-string` becomes a oneOf, descriptions and `x-kubernetes-*` hints are dropped.
 */
function convertSchema(node: Schema): Schema {
  if (typeof node.$ref === 'string') return { $ref: node.$ref };
  if (node.format === 'int-or-string') return { oneOf: [{ type: 'string' }, { type: 'integer' }] };
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'description' || key.startsWith('x-kubernetes-')) continue;
    if (key === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, Schema>).map(([name, property]) => [
          name,
          convertSchema(property),
        ]),
      );
    } else if ((key === 'items' || key === 'additionalProperties') && isSchema(value)) {
      out[key] = convertSchema(value);
    } else if ((key === 'allOf' || key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
      out[key] = (value as Schema[]).map(convertSchema);
    } else {
      out[key] = value;
    }
  }
  if (out.properties !== undefined && out.additionalProperties === undefined) {
    out.additionalProperties = false;
  }
  return out;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function refsIn(node: unknown, found: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) refsIn(item, found);
  } else if (isSchema(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(definitionRef)) {
        found.add(value.slice(definitionRef.length));
      } else {
        refsIn(value, found);
      }
    }
  }
}

/** kubeconform's file name for a kind: `deployment-apps-v1.json`, `service-v1.json`, `ingress-networking-v1.json`. */
export function schemaFileName({ group, version, kind }: GroupVersionKind): string {
  const groupPrefix = group === '' ? '' : `-${group.split('.')[0]!.toLowerCase()}`;
  return `${kind.toLowerCase()}${groupPrefix}-${version.toLowerCase()}.json`;
}

/**
 * Turns Kubernetes' OpenAPI v2 document into one standalone JSON schema file per kind (the layout
 * kubeconform reads with `-schema-location <dir>/{{ .ResourceKind }}{{ .KindSuffix }}.json`).
 * "Standalone": each file carries the definitions it refers to, so recursive types stay finite.
 */
export function kubernetesJsonSchemas(swagger: {
  definitions: Record<string, Schema>;
}): Map<string, Schema> {
  const converted = new Map<string, Schema>();
  for (const [name, definition] of Object.entries(swagger.definitions)) {
    converted.set(name, overrides[name] ?? convertSchema(definition));
  }

  const closure = (root: Schema): Record<string, Schema> => {
    const seen = new Set<string>();
    const pending = new Set<string>();
    refsIn(root, pending);
    while (pending.size > 0) {
      const [name] = pending;
      pending.delete(name!);
      if (seen.has(name!)) continue;
      seen.add(name!);
      const next = new Set<string>();
      refsIn(converted.get(name!), next);
      for (const ref of next) if (!seen.has(ref)) pending.add(ref);
    }
    return Object.fromEntries(
      [...seen].sort().map((name) => {
        const schema = converted.get(name);
        if (!schema) throw new Error(`the OpenAPI document refers to a missing definition ${name}`);
        return [name, schema];
      }),
    );
  };

  const files = new Map<string, Schema>();
  for (const [name, definition] of Object.entries(swagger.definitions)) {
    const kinds = definition['x-kubernetes-group-version-kind'] as GroupVersionKind[] | undefined;
    // Types shared by several groups (DeleteOptions, WatchEvent) are not resources one writes.
    if (kinds?.length !== 1) continue;
    const [gvk] = kinds as [GroupVersionKind];
    const schema = structuredClone(converted.get(name)!);
    const properties = schema.properties as Record<string, Schema> | undefined;
    if (properties?.apiVersion && properties.kind) {
      const apiVersion = gvk.group === '' ? gvk.version : `${gvk.group}/${gvk.version}`;
      properties.apiVersion = { type: 'string', enum: [apiVersion] };
      properties.kind = { type: 'string', enum: [gvk.kind] };
    }
    files.set(schemaFileName(gvk), {
      $schema: 'http://json-schema.org/draft-04/schema#',
      ...schema,
      definitions: closure(schema),
    });
  }
  return files;
}

/**
 * Makes the kind schemas of `KUBERNETES_SCHEMA_VERSION` exist in the cache (downloading the
 * `k8s.io/kubernetes` module with `go mod download` once) and returns their directory.
 */
export async function provisionKubernetesSchemas(env: Env, log: InfraLog): Promise<string> {
  const dir = join(cacheDir(env), 'kubernetes-json-schema', KUBERNETES_SCHEMA_VERSION);
  const built = await ensureCacheEntry(dir, async (scratch) => {
    if (!(await findOnPath('go', env))) {
      throw new Error(
        'Go is needed to fetch the Kubernetes API description (module k8s.io/kubernetes); ' +
          'install Go (https://go.dev/dl).',
      );
    }
    log(
      `fetching the Kubernetes ${KUBERNETES_SCHEMA_VERSION} API description with go mod download`,
    );
    const output = await run(
      'go',
      ['mod', 'download', '-json', `k8s.io/kubernetes@${KUBERNETES_SCHEMA_VERSION}`],
      // Outside any module, so the download is not recorded in a go.mod.
      { env: { ...env, GOFLAGS: '-mod=mod' }, cwd: scratch },
    );
    const moduleDir = /"Dir":\s*"([^"]+)"/.exec(output)?.[1];
    if (!moduleDir)
      throw new Error(`go mod download did not say where it put the module:\n${output}`);
    const swagger = JSON.parse(
      await readFile(join(moduleDir, 'api', 'openapi-spec', 'swagger.json'), 'utf8'),
    ) as { definitions: Record<string, Schema> };
    await mkdir(scratch, { recursive: true });
    for (const [file, schema] of kubernetesJsonSchemas(swagger)) {
      await writeFile(join(scratch, file), JSON.stringify(schema));
    }
  });
  if (built) log(`Kubernetes ${KUBERNETES_SCHEMA_VERSION} schemas cached in ${dir}`);
  return dir;
}
