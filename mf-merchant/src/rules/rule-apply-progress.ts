import type { RuleApplyJob } from '@onvelope/contracts';
import { formatCount as count } from '../shared/display-format.js';

/**
 * The line under the bar while the rules are applied.
 *
 * @example applyProgressText({ examined: 1500, total: 20000, changed: 300 })
 * // 'Applying the rules… 1,500 of 20,000 unshipped orders (300 changed)'
 */
export function applyProgressText(job: Pick<RuleApplyJob, 'examined' | 'total' | 'changed'>) {
  return `Applying the rules… ${count(job.examined)} of ${count(job.total)} unshipped orders (${count(job.changed)} changed)`;
}
