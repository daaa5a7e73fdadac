import { BlockList, isIP } from 'node:net';

/**
 * Issue 35's safety rules for webhook URLs (server-side request forgery): where svc-notify may
 * send a seller's events. Pure: the addresses a host resolves to are given.
 *
 * `production`: https only, and no address that reaches svc-notify's own network — loopback,
 * private, shared (CGNAT), link-local (which holds the cloud metadata service, 169.254.169.254),
 * multicast, reserved and documentation ranges, in v4 and v6, and v4 hidden in v6 (mapped,
 * NAT64). `development`: any https URL, and http to this machine only (a receiver run locally).
 */
export type WebhookUrlPolicy = 'production' | 'development';

/** Why an address is refused, in the words the delivery log shows. */
export type ForbiddenKind =
  'unspecified' | 'loopback' | 'private' | 'link-local' | 'multicast' | 'reserved';

const ranges: Record<ForbiddenKind, { v4: string[]; v6: string[] }> = {
  unspecified: { v4: ['0.0.0.0/8'], v6: ['::/128'] },
  loopback: { v4: ['127.0.0.0/8'], v6: ['::1/128'] },
  // RFC 1918, shared address space (RFC 6598: carrier NAT, and Alibaba's metadata service), and
  // unique local v6 (RFC 4193: AWS's v6 metadata service is fd00:ec2::254).
  private: {
    v4: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10'],
    v6: ['fc00::/7'],
  },
  // RFC 3927 / RFC 4291: the cloud metadata services of AWS, GCP and Azure live at 169.254.169.254.
  'link-local': { v4: ['169.254.0.0/16'], v6: ['fe80::/10', 'fec0::/10'] },
  multicast: { v4: ['224.0.0.0/4'], v6: ['ff00::/8'] },
  // IETF assignments, documentation, benchmarking, future use and broadcast; v6 discard-only,
  // Teredo and 6to4 (which tunnel to v4 addresses of anyone's choosing) and documentation.
  reserved: {
    v4: [
      '192.0.0.0/24',
      '192.0.2.0/24',
      '192.88.99.0/24',
      '198.18.0.0/15',
      '198.51.100.0/24',
      '203.0.113.0/24',
      '240.0.0.0/4',
    ],
    v6: ['100::/64', '2001::/23', '2001:db8::/32', '2002::/16', '3fff::/20'],
  },
};

const blockLists = Object.entries(ranges).map(([kind, { v4, v6 }]) => {
  const list = new BlockList();
  for (const cidr of v4) addSubnet(list, cidr, 'ipv4');
  for (const cidr of v6) addSubnet(list, cidr, 'ipv6');
  return { kind: kind as ForbiddenKind, list };
});

function addSubnet(list: BlockList, cidr: string, family: 'ipv4' | 'ipv6') {
  const [network = '', prefix = ''] = cidr.split('/');
  list.addSubnet(network, Number(prefix), family);
}

/** The 8 groups of a v6 address (`::` expanded, a trailing dotted v4 read), or null. */
function hextetsOf(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const bytes = dotted[1].split('.').map(Number);
    const [a = 0, b = 0, c = 0, d = 0] = bytes;
    text =
      text.slice(0, -dotted[1].length) +
      `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) =>
    parseInt(group, 16),
  );
}

/**
 * The v4 address a v6 one carries to a v4 host (`::ffff:127.0.0.1`, NAT64's `64:ff9b::7f00:1`,
 * the deprecated compatible `::127.0.0.1`): judged as that v4 address. Null when it carries none.
 */
export function embeddedIpv4(address: string): string | null {
  const groups = hextetsOf(address);
  if (!groups) return null;
  const prefix = groups.slice(0, 6);
  const mapped = prefix.every((group, index) => group === (index === 5 ? 0xffff : 0));
  const nat64 = prefix.every((group, index) => group === [0x64, 0xff9b, 0, 0, 0, 0][index]);
  const compatible = prefix.every((group) => group === 0) && (groups[6] ?? 0) !== 0;
  if (!mapped && !nat64 && !compatible) return null;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * Which forbidden range an IP address is in, or null for an address on the public internet.
 *
 * @example forbiddenKindOf('169.254.169.254') // 'link-local'
 * @example forbiddenKindOf('::ffff:10.0.0.1') // 'private'
 * @example forbiddenKindOf('93.184.216.34') // null
 */
export function forbiddenKindOf(address: string): ForbiddenKind | null {
  const family = isIP(address);
  if (family === 0) return 'reserved';
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return forbiddenKindOf(v4);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return blockLists.find(({ list }) => list.check(address, type))?.kind ?? null;
}

/** The host of a URL as `net` takes it (brackets of a v6 literal removed). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

const isThisMachine = (host: string) =>
  host === 'localhost' ||
  host.endsWith('.localhost') ||
  (isIP(host) !== 0 && forbiddenKindOf(host) === 'loopback');

/**
 * What is wrong with a URL before any address is looked up, or null: the scheme, credentials in
 * it, and an IP literal the policy refuses. A host name is judged after resolution
 * (`refusedAddress`), at registration and again on every delivery.
 */
export function urlProblem(url: URL, policy: WebhookUrlPolicy): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Must be an https URL';
  if (url.username || url.password) return 'Must not contain a user name or password';
  const host = hostOf(url);
  if (policy === 'development') {
    return url.protocol === 'http:' && !isThisMachine(host)
      ? 'Must be an https URL (http only to localhost in development)'
      : null;
  }
  if (url.protocol !== 'https:') return 'Must be an https URL';
  return isIP(host) !== 0 ? refusedAddress([host], policy) : null;
}

/**
 * Why the addresses a host resolved to are refused, or null when every one may be reached. One
 * forbidden address refuses the host: a name that also resolves inside the network is not used.
 */
export function refusedAddress(
  addresses: readonly string[],
  policy: WebhookUrlPolicy,
): string | null {
  if (policy === 'development') return null;
  if (addresses.length === 0) return 'The host has no address';
  for (const address of addresses) {
    const kind = forbiddenKindOf(address);
    if (kind) return `${address} is a ${kind} address, which webhooks may not reach`;
  }
  return null;
}
