// Fails when code imports another workspace package's internals (`@onvelope/x/src/...`) or reaches
// into another app's folder by a relative path: packages expose only their entry points, and apps
// talk through contracts (CONVENTIONS.md, "Boundaries"). Inside each service it also fails on an
// import against the layers' direction (CONVENTIONS.md, "Inside a service"; issue 37 item 4).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..', '..');
const services = readdirSync(root).filter((name) => name.startsWith('svc-'));
const packages = readdirSync(join(root, 'packages')).map((name) => `packages/${name}`);
const units = [
  ...['shell', 'mf-merchant', 'mf-customer', 'mf-marketing', 'gateway'],
  ...services,
  ...packages,
  ...readdirSync(join(root, 'tools'))
    .filter((name) => statSync(join(root, 'tools', name)).isDirectory())
    .map((name) => `tools/${name}`),
];
const skipped = new Set(['node_modules', 'dist', '.cache', '@mf-types']);
const importPattern = /(?:from\s+|import\s*\(\s*|require\(\s*)['"]([^'"]+)['"]/g;

/**
 * `@onvelope/<name>` -> the subpaths its package.json exports (`.`, `./http`, ...), for the shared
 * packages and the tools others import (`@onvelope/run/accounts`).
 */
const exportsOf = new Map(
  units
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')))
    .filter((manifest) => manifest.name?.startsWith('@onvelope/'))
    .map((manifest) => [manifest.name, new Set(Object.keys(manifest.exports ?? { '.': null }))]),
);

/**
 * Only what a package declares may be imported: a deep path (`@onvelope/service-kit/src/...` or
 * `/dist/...`) is refused, and so is the bare name of a package that exports subpaths only
 * (`@onvelope/service-kit`, issue 37 item 4). An `@onvelope/` name that is no workspace here (a
 * tool's own) is left to the resolver.
 */
function packageImportProblem(specifier) {
  const match = /^(@onvelope\/[^/]+)(\/.+)?$/.exec(specifier);
  if (!match) return null;
  const exported = exportsOf.get(match[1]);
  if (!exported) return match[2] ? `imports ${specifier} (no workspace package exports it)` : null;
  if (exported.has(`.${match[2] ?? ''}`)) return null;
  return `imports ${specifier} (not an entry point its package exports: ${[...exported].join(', ')})`;
}

/*
 * A service's layers are the folders under its src/. Files elsewhere take the layer their suffix
 * names (a `*.routes.ts` serves routes, a `*.model.ts` is data); the rest (main.ts, index.ts,
 * deps.ts, helper folders) belong to no layer and are not checked.
 */
const layers = ['routes', 'use-cases', 'import', 'domain', 'data', 'events'];
/**
 * What each layer must not import: routes sit on top, domain is pure logic without I/O. svc-orders'
 * `import/` is a use case in steps (issue 37 item 3) and sits at the use cases' level.
 */
const mustNotImport = {
  routes: [],
  'use-cases': ['routes'],
  import: ['routes'],
  events: ['routes'],
  data: ['routes', 'use-cases', 'import', 'events'],
  domain: ['routes', 'use-cases', 'import', 'data', 'events'],
};

function layerOf(service, file) {
  const [top, ...rest] = relative(join(root, service, 'src'), file).split(sep);
  if (rest.length && layers.includes(top)) return top;
  if (/\.routes\.[jt]sx?$/.test(file)) return 'routes';
  if (/\.model\.[jt]sx?$/.test(file)) return 'data';
  return null;
}

/**
 * Known imports against the direction, each with why it stays. An entry no longer needed fails the
 * check, so the list never outlives its reasons.
 */
const allowedAgainstLayers = new Map([
  // The views of the stored account documents read their (type-only) document interfaces; giving
  // domain its own copies of those shapes would be the duplicate this issue removes elsewhere.
  [
    'svc-auth/src/domain/account-views.ts -> svc-auth/src/data/seller.model.ts',
    'type-only: views of the stored documents',
  ],
  [
    'svc-auth/src/domain/account-views.ts -> svc-auth/src/data/customer.model.ts',
    'type-only: views of the stored documents',
  ],
]);

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (skipped.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(c|m)?[jt]sx?$/.test(name)) yield path;
  }
}

/** The source file a relative import names (`./x.js` is written for `./x.ts`). */
function sourceOf(target) {
  const typescript = target.replace(/\.(c|m)?js$/, '.$1ts');
  return existsSync(typescript) ? typescript : target;
}

const problems = [];
const allowanceUsed = new Set();
for (const unit of units) {
  const unitDir = join(root, unit);
  const service = services.includes(unit) ? unit : null;
  for (const file of sourceFiles(unitDir)) {
    const text = readFileSync(file, 'utf8');
    const from = service && !basename(file).includes('.test.') ? layerOf(service, file) : null;
    for (const [, specifier] of text.matchAll(importPattern)) {
      if (specifier.startsWith('@onvelope/')) {
        const problem = packageImportProblem(specifier);
        if (problem) problems.push(`${relative(root, file)}: ${problem}`);
        continue;
      }
      if (!specifier.startsWith('.')) continue;
      const target = resolve(file, '..', specifier);
      if (!target.startsWith(unitDir + sep) && target !== unitDir) {
        problems.push(`${relative(root, file)}: imports ${specifier}, outside ${unit}`);
        continue;
      }
      const to = from && layerOf(service, target);
      if (!to || !mustNotImport[from].includes(to)) continue;
      const edge = `${relative(root, file)} -> ${relative(root, sourceOf(target))}`;
      if (allowedAgainstLayers.has(edge)) allowanceUsed.add(edge);
      else problems.push(`${edge}: ${from} must not import ${to}`);
    }
  }
}

for (const edge of allowedAgainstLayers.keys()) {
  if (!allowanceUsed.has(edge))
    problems.push(`${edge}: allowed against the layers, but no longer imported: remove it`);
}
if (problems.length) {
  console.error(`Package boundary violations:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`package boundaries: ${units.length} units checked, no violations`);
