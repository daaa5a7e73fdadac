import { randomBytes } from 'node:crypto';

/** An EasyPost-style id: the object's prefix and 32 hex characters (`trk_…`, `evt_…`, `hook_…`). */
export function easyPostId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('hex')}`;
}
