import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { apps, repoRoot, type AppName } from './compose-files.js';

/**
 * Issue 41: every backend app runs under a V8 heap cap its package.json owns (`onvelope.nodeArgs`:
 * tools/run passes it, the Dockerfile repeats it and compose.test.ts keeps the two equal), and the
 * chart's memory limit leaves room above the cap for what is not the old generation, so a pod meets
 * the heap's limit, which collects garbage, before the kernel's, which kills it. The room is what
 * deploy/CAPACITY.md (§2, "Memory per replica") measured above the cap.
 */

/** The young generation, code, and the MongoDB driver's and sockets' buffers: at most 238 MB. */
const OFF_HEAP_MIB = 256;
/** What one app holds besides: svc-orders' import thread has its own heap (128 MB, resourceLimits); svc-auth's argon2id takes 64 MiB a check, four at once (libuv's pool). */
const ownRoomMib: Partial<Record<AppName, number>> = { 'svc-orders': 128, 'svc-auth': 4 * 64 };

async function heapCapMib(app: AppName): Promise<number | undefined> {
  const manifest = JSON.parse(await readFile(`${repoRoot}${app}/package.json`, 'utf8')) as {
    onvelope?: { nodeArgs?: string[] };
  };
  const flag = manifest.onvelope?.nodeArgs?.find((arg) => arg.startsWith('--max-old-space-size='));
  return flag === undefined ? undefined : Number(flag.split('=')[1]);
}

/** A Kubernetes memory quantity in MiB (the chart writes Mi and Gi). */
function mebibytes(quantity: string): number {
  const [, amount, unit] = /^(\d+)(Mi|Gi)$/.exec(quantity) ?? [];
  if (!amount) throw new Error(`not a memory quantity in Mi or Gi: ${quantity}`);
  return Number(amount) * (unit === 'Gi' ? 1024 : 1);
}

describe('heap caps', () => {
  it('caps the heap of every backend app in its package.json', async () => {
    for (const app of apps) {
      expect(await heapCapMib(app), app).toEqual(expect.any(Number));
    }
  });

  it("sets each app's memory limit in the chart above its heap cap and what lives beside the heap", async () => {
    const values = parse(await readFile(`${repoRoot}deploy/helm/onvelope/values.yaml`, 'utf8')) as {
      apps: Record<string, { resources: { limits: { memory: string } } }>;
    };
    for (const app of apps) {
      const limit = mebibytes(values.apps[app]!.resources.limits.memory);
      const needed = (await heapCapMib(app))! + OFF_HEAP_MIB + (ownRoomMib[app] ?? 0);
      expect(limit, app).toBeGreaterThanOrEqual(needed);
    }
  });
});
