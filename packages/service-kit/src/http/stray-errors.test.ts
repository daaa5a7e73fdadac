import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const strayErrors = fileURLToPath(new URL('./stray-errors.ts', import.meta.url));

// A process of its own: an error that escapes every handler would end vitest's worker otherwise.
const program = `
import { EventEmitter } from 'node:events';
import { survivingStrayErrors } from ${JSON.stringify(strayErrors)};
survivingStrayErrors({ error: (fields, message) => console.log(message, fields.err?.message) });
setTimeout(() => new EventEmitter().emit('error', new Error('Unexpected end of form')), 10);
void Promise.reject(new Error('nobody awaited this'));
setTimeout(() => console.log('still answering'), 100);
`;

describe('survivingStrayErrors', () => {
  it('logs an unheard error event and an unhandled rejection, and the process goes on', async () => {
    const { stdout } = await run(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '--eval',
      program,
    ]);
    expect(stdout.split('\n').filter(Boolean)).toEqual([
      'a rejection nobody handled; the service goes on nobody awaited this',
      'an error escaped every handler; the service goes on Unexpected end of form',
      'still answering',
    ]);
  });
});
