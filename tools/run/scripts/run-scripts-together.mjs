#!/usr/bin/env node
// Runs lanes of npm scripts at the same time, each lane's scripts one after another (`a+b`: b once
// a has passed); every line of output is prefixed with its script's name, and the run fails if any
// script fails. `npm test` lints and type-checks the tests in one lane while it builds the node code
// and the browser bundles and type-checks the browser code in the other: each of those is one
// single-threaded process, and the machines that run the suite have two cores (issue 37). The lanes
// hold about the same CPU time (lint 41 s + tests' check 29 s; build 54 s + browser check 13 s, on
// 2026-11-29). The type checks read the sources, not the build, so they need no order of their own.
//
//   node tools/run/scripts/run-scripts-together.mjs lint+typecheck:tests build:node+build:web+typecheck:web
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const lanes = process.argv.slice(2).map((lane) => lane.split('+'));
if (lanes.length === 0 || lanes.flat().some((name) => name === '')) {
  console.error(
    'usage: run-scripts-together.mjs <script>[+<script>...] [<script>[+<script>...] ...]',
  );
  process.exit(2);
}

/** Runs `npm run <name>` with its lines prefixed; resolves to null, or why it failed. */
function runScript(name) {
  const child = spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: stream }).on('line', (line) => out.write(`[${name}] ${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('error', (error) => resolve(error.message));
    child.on('close', (code, signal) => resolve(code === 0 ? null : `exit ${code ?? signal}`));
  });
}

async function runLane(names) {
  for (const name of names) {
    const failure = await runScript(name);
    if (failure) return [`npm run ${name} failed (${failure})`];
  }
  return [];
}

const failures = (await Promise.all(lanes.map(runLane))).flat();
for (const failure of failures) console.error(failure);
process.exit(failures.length > 0 ? 1 : 0);
