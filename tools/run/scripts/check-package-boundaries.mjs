// Fails when code imports another workspace package's internals (`@onvelope/x/src/...`) or reaches
// into another app's folder by a relative path: packages expose only their entry point, and apps
// talk through contracts (CONVENTIONS.md, "Boundaries").
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..', '..');
const units = [
  ...['shell', 'mf-merchant', 'mf-customer', 'mf-marketing', 'gateway'],
  ...readdirSync(root).filter((name) => name.startsWith('svc-')),
  ...readdirSync(join(root, 'packages')).map((name) => `packages/${name}`),
  ...readdirSync(join(root, 'tools'))
    .filter((name) => statSync(join(root, 'tools', name)).isDirectory())
    .map((name) => `tools/${name}`),
];
const skipped = new Set(['node_modules', 'dist', '.cache', '@mf-types']);
const importPattern = /(?:from\s+|import\s*\(\s*|require\(\s*)['"]([^'"]+)['"]/g;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    if (skipped.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(c|m)?[jt]sx?$/.test(name)) yield path;
  }
}

const problems = [];
for (const unit of units) {
  const unitDir = join(root, unit);
  for (const file of sourceFiles(unitDir)) {
    const text = readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(importPattern)) {
      if (/^@onvelope\/[^/]+\/.+/.test(specifier)) {
        problems.push(
          `${relative(root, file)}: imports ${specifier} (use the package entry point)`,
        );
      } else if (specifier.startsWith('.')) {
        const target = resolve(file, '..', specifier);
        if (!target.startsWith(unitDir + sep) && target !== unitDir) {
          problems.push(`${relative(root, file)}: imports ${specifier}, outside ${unit}`);
        }
      }
    }
  }
}

if (problems.length) {
  console.error(`Package boundary violations:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`package boundaries: ${units.length} units checked, no violations`);
