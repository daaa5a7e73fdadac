/** One remote as the gateway's `/remotes.json` lists it. */
export interface RemoteRegistration {
  name: string;
  /** Absolute URL of the remote's mf-manifest.json. */
  entry: string;
}

/**
 * Reads the runtime registry `{ remotes: [{ name, entry }] }`. Entries may be relative to the page
 * (`/mf/marketing/mf-manifest.json`); they are made absolute so the federation runtime can derive
 * each remote's public path from its manifest address. Malformed items are skipped: one bad entry
 * must not cost the other remotes.
 */
export function parseRemoteRegistry(value: unknown, pageUrl: string): RemoteRegistration[] {
  const remotes = (value as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(remotes)) return [];
  const registrations: RemoteRegistration[] = [];
  for (const item of remotes) {
    const { name, entry } = (item ?? {}) as { name?: unknown; entry?: unknown };
    if (typeof name !== 'string' || !name || typeof entry !== 'string' || !entry) continue;
    try {
      registrations.push({ name, entry: new URL(entry, pageUrl).href });
    } catch {
      continue;
    }
  }
  return registrations;
}
