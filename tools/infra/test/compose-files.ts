import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

// compose.yaml cannot be run on these machines (no Docker engine, and no compose plugin for
// `docker compose config`), so the tests read it, .env.example and the Dockerfile themselves and
// do what compose and the Docker build would do with them, for the parts the apps depend on.

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface ComposeService {
  image?: string;
  build?: { context?: string; target?: string };
  entrypoint?: string[];
  command?: string[];
  /** A null value passes the variable through from the shell or .env, or leaves it unset. */
  environment?: Record<string, string | null>;
  ports?: string[];
  expose?: string[];
  profiles?: string[];
  restart?: string;
  logging?: { driver: string; options?: Record<string, string> };
  container_name?: string;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}

export const services = {
  'svc-auth': { port: 4001, urlVariable: 'AUTH_SERVICE_URL' },
  'svc-orders': { port: 4002, urlVariable: 'ORDERS_SERVICE_URL' },
  'svc-sync': { port: 4003, urlVariable: 'SYNC_SERVICE_URL' },
  'svc-billing': { port: 4004, urlVariable: 'BILLING_SERVICE_URL' },
  'svc-analytics': { port: 4005, urlVariable: 'ANALYTICS_SERVICE_URL' },
  'svc-notify': { port: 4006, urlVariable: 'NOTIFY_SERVICE_URL' },
} as const;
export type ServiceName = keyof typeof services;
export const serviceNames = Object.keys(services) as ServiceName[];
/** The Node apps compose runs from the repository's Dockerfile, each started from its dist. */
export const apps = [...serviceNames, 'gateway'] as const;
export type AppName = (typeof apps)[number];

export async function readCompose(): Promise<Record<string, ComposeService>> {
  // Compose resolves `<<:` merge keys, so the parser must too.
  const document = parse(await readFile(`${repoRoot}compose.yaml`, 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  return document.services;
}

export const readDockerfile = () => readFile(`${repoRoot}Dockerfile`, 'utf8');

export interface EnvExample {
  /** The variables the file sets (`NAME=value` lines), as compose reads them. */
  values: Record<string, string>;
  /** Every variable the file names, set or shown commented out (`# NAME=...`). */
  named: Set<string>;
}

export async function readEnvExample(): Promise<EnvExample> {
  const values: Record<string, string> = {};
  const named = new Set<string>();
  for (const line of (await readFile(`${repoRoot}.env.example`, 'utf8')).split('\n')) {
    const set = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (set) values[set[1]!] = set[2]!;
    const mentioned = /^#?\s*([A-Z][A-Z0-9_]*)=/.exec(line);
    if (mentioned) named.add(mentioned[1]!);
  }
  return { values, named };
}

const reference = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g;

/**
 * Compose's interpolation: `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?error}`,
 * `${VAR?error}` and `$$`. Throws like compose does for a required variable that is missing.
 */
export function interpolate(text: string, variables: Record<string, string>): string {
  return text.replace(
    reference,
    (whole, name: string | undefined, operator: string | undefined, argument = '') => {
      if (whole === '$$') return '$';
      const value = variables[name!];
      const missing = operator?.startsWith(':') ? !value : value === undefined;
      if (!missing) return value ?? '';
      if (operator?.endsWith('?'))
        throw new Error(`required variable ${name} is missing: ${argument}`);
      return operator?.endsWith('-') ? argument : '';
    },
  );
}

/** The variables a compose value refers to. */
export const referencedVariables = (text: string): string[] =>
  [...text.matchAll(reference)].flatMap((match) => (match[1] ? [match[1]] : []));

/** The environment compose gives a service's container, with `variables` as the .env file. */
export function composeEnvironment(
  service: ComposeService,
  variables: Record<string, string>,
): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(service.environment ?? {})) {
    if (value === null) {
      if (variables[name] !== undefined) environment[name] = variables[name];
    } else {
      environment[name] = interpolate(String(value), variables);
    }
  }
  return environment;
}

interface Stage {
  from: string;
  lines: string[];
}

export function dockerfileStages(dockerfile: string): Map<string, Stage> {
  const stages = new Map<string, Stage>();
  let current: Stage | undefined;
  for (const line of dockerfile.split('\n')) {
    const from = /^FROM (\S+) AS (\S+)$/.exec(line);
    if (from) {
      current = { from: from[1]!, lines: [] };
      stages.set(from[2]!, current);
    } else {
      current?.lines.push(line);
    }
  }
  return stages;
}

/** What a target's image runs: its ENV (its own and inherited from the stages it is built on) and CMD. */
export function imageOf(
  stages: Map<string, Stage>,
  target: string,
): { env: Record<string, string>; cmd: string[] | undefined } {
  const chain: Stage[] = [];
  for (let stage = stages.get(target); stage; stage = stages.get(stage.from)) chain.unshift(stage);
  const env: Record<string, string> = {};
  let cmd: string[] | undefined;
  for (const line of chain.flatMap((stage) => stage.lines)) {
    const envLine = /^ENV (.+)$/.exec(line);
    for (const pair of envLine?.[1]?.split(/\s+/) ?? []) {
      const [name, ...value] = pair.split('=');
      env[name!] = value.join('=');
    }
    const cmdLine = /^CMD (\[.*\])$/.exec(line);
    if (cmdLine) cmd = JSON.parse(cmdLine[1]!) as string[];
  }
  return { env, cmd };
}
