/**
 * Where a process's CPU went, from the `.cpuprofile` files `BENCH_CPU_PROF` makes the bench's Node
 * children write: self time by function and by package or folder, the largest first.
 *
 *   node bench/cpu-profile-summary.ts <file.cpuprofile> [rows]     (Node 22.6+; or through tsx)
 */
import { readFileSync } from 'node:fs';
import { line } from '@onvelope/testkit';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArg] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file!, 'utf8')) as Profile;
const rows = Number(rowsArg ?? 25);
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) =>
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
);

/** `node_modules/<package>`, a folder of this repository, or what V8 calls it. */
const placeOf = (url: string, functionName = '') => {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1]!;
  if (url.startsWith('node:')) return url;
  const repo = /\/work\/[^/]+\/(.*)\/[^/]+$/.exec(url);
  return repo ? repo[1]! : url;
};
const functions = new Map<string, number>();
const places = new Map<string, number>();
let total = 0;
for (const [id, us] of selfUs) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  // Idle is waiting, not work: left out of the total and the shares.
  if (functionName === '(idle)') continue;
  total += us;
  const name = `${functionName || '(anonymous)'} ${placeOf(url)}:${lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + us);
  const place = placeOf(url, functionName);
  places.set(place, (places.get(place) ?? 0) + us);
}
const show = (title: string, map: Map<string, number>) => {
  line(title);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    line(
      `  ${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`,
    );
  }
};
line(`${file}: ${(total / 1000).toFixed(0)} ms busy (idle left out)`);
show('by place (self time)', places);
show('by function (self time)', functions);
