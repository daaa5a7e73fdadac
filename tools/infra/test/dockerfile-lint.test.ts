import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findHadolint, HADOLINT_VERSION } from '@onvelope/infra';

const execFileAsync = promisify(execFile);
const dockerfile = fileURLToPath(new URL('../../../Dockerfile', import.meta.url));

interface Finding {
  line: number;
  code: string;
  level: string;
  message: string;
}

let hadolint: string;
let scratch: string;

/** hadolint's findings as JSON; it exits 1 when there are any, so both ends are read. */
async function lint(file: string): Promise<Finding[]> {
  const output = await execFileAsync(hadolint, ['--format', 'json', '--no-color', file]).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string; stderr?: string }) => {
      if (!error.stdout) throw new Error(`hadolint could not read ${file}: ${error.stderr ?? ''}`);
      return error.stdout;
    },
  );
  return JSON.parse(output) as Finding[];
}

beforeAll(async () => {
  const found = await findHadolint();
  if (!found) {
    throw new Error(
      `The Dockerfile's lint needs hadolint ${HADOLINT_VERSION}: run \`npm run infra -- --provision-only\`.`,
    );
  }
  hadolint = found;
  scratch = await mkdtemp(join(tmpdir(), 'onvelope-hadolint-'));
});

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('the Dockerfile (hadolint)', () => {
  it('parses and has no finding at any level', async () => {
    expect(await lint(dockerfile)).toEqual([]);
  });

  it('is read by a linter that does report what it should', async () => {
    const careless = join(scratch, 'Dockerfile');
    await writeFile(careless, 'FROM node\nUSER node\nRUN cd /app && npm install\n');
    const codes = (await lint(careless)).map((finding) => finding.code);
    expect(codes).toEqual(expect.arrayContaining(['DL3006', 'DL3003', 'DL3066']));
  });
});
