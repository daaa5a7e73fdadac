import type {
  BulkAction,
  BulkJob,
  BulkJobRequest,
  BulkSelection,
  exportFormats,
} from '@onvelope/contracts';
import { formatCount as count } from '../shared/display-format.js';
import type { TableQuery } from '../shared/table-state.js';

/**
 * What the seller has selected on the dashboard: order numbers ticked on the pages they saw, or
 * every order matching the table's filter (the "select all N matching" link).
 */
export type DashboardSelection =
  { kind: 'orders'; orderNumbers: ReadonlySet<string> } | { kind: 'matching'; total: number };

export const noSelection: DashboardSelection = { kind: 'orders', orderNumbers: new Set() };

/** How many orders the selection holds, as the bulk bar says it. */
export function selectedCount(selection: DashboardSelection): number {
  return selection.kind === 'orders' ? selection.orderNumbers.size : selection.total;
}

/** Whether one order is ticked ("all matching" ticks every order shown). */
export function isSelected(selection: DashboardSelection, orderNumber: string): boolean {
  return selection.kind === 'matching' || selection.orderNumbers.has(orderNumber);
}

/** Ticks or unticks one order (leaving "all matching" for the orders of the page). */
export function toggleOrder(
  selection: DashboardSelection,
  orderNumber: string,
): DashboardSelection {
  const orderNumbers = new Set(selection.kind === 'orders' ? selection.orderNumbers : []);
  if (orderNumbers.has(orderNumber)) orderNumbers.delete(orderNumber);
  else orderNumbers.add(orderNumber);
  return { kind: 'orders', orderNumbers };
}

/** The page's header checkbox: ticked when every order of the page is, mixed when some are. */
export function pageState(
  selection: DashboardSelection,
  page: readonly string[],
): 'all' | 'some' | 'none' {
  if (selection.kind === 'matching') return page.length ? 'all' : 'none';
  const ticked = page.filter((orderNumber) => selection.orderNumbers.has(orderNumber)).length;
  if (ticked === 0) return 'none';
  return ticked === page.length ? 'all' : 'some';
}

/** The header checkbox clicked: the whole page ticked, or (all ticked already) unticked. */
export function togglePage(
  selection: DashboardSelection,
  page: readonly string[],
): DashboardSelection {
  const orderNumbers = new Set(selection.kind === 'orders' ? selection.orderNumbers : []);
  const untick = pageState(selection, page) === 'all';
  for (const orderNumber of page) {
    if (untick) orderNumbers.delete(orderNumber);
    else orderNumbers.add(orderNumber);
  }
  return { kind: 'orders', orderNumbers };
}

/** The selection as the bulk call names it: the order numbers, or the table's filter. */
export function bulkSelectionOf(selection: DashboardSelection, query: TableQuery): BulkSelection {
  if (selection.kind === 'orders') {
    return { kind: 'orders', orderNumbers: [...selection.orderNumbers] };
  }
  return { kind: 'matching', filter: { status: query.status, omitShipped: query.omitShipped } };
}

export function bulkRequestOf(
  selection: DashboardSelection,
  query: TableQuery,
  action: BulkAction,
): BulkJobRequest {
  return { selection: bulkSelectionOf(selection, query), action };
}

/**
 * A list to paste tracking numbers into: one line per ticked order, "order number, " (the seller
 * adds each tracking number after the comma). Empty for "all matching" (too many to list).
 */
export function trackingListTemplate(selection: DashboardSelection): string {
  if (selection.kind === 'matching') return '';
  return [...selection.orderNumbers].map((orderNumber) => `${orderNumber}, `).join('\n');
}

/** '1 order', '1,200 orders'. */
export const ordersText = (n: number) => `${count(n)} order${n === 1 ? '' : 's'}`;

/** What the bulk bar offers: the job actions, and the export (a download, not a job). */
export type BulkBarAction = BulkJob['action'] | 'export';

export type ExportFormat = (typeof exportFormats)[number];
export const exportFormatLabels: Record<ExportFormat, string> = {
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
  pdf: 'PDF',
};

/**
 * The apply-rule confirmation: how many of the selected orders the rule would change (the
 * service's dry run), and what it leaves alone.
 *
 * @example ruleConfirmText('gift', 4, 2)
 * // "Rule 'gift' would change 2 of the 4 selected orders. …"
 */
export function ruleConfirmText(rule: string, total: number, changes: number): string {
  const of = total === 1 ? 'the selected order' : `the ${count(total)} selected orders`;
  const would = changes === 0 ? 'would change none' : `would change ${count(changes)}`;
  return `Rule '${rule}' ${would} of ${of}. Orders it does not match, or that are shipped, delivered or cancelled, are left as they are.`;
}

const verbs: Record<BulkJob['action'], string> = {
  ship: 'Shipping',
  delete: 'Deleting',
  apply_rule: 'Applying the rule',
};

/**
 * The line under the bar while a bulk action runs.
 *
 * @example bulkProgressText({ action: 'ship', processed: 200, total: 1000, skipped: 3 })
 * // 'Shipping… 200 of 1,000 orders (3 skipped)'
 */
export function bulkProgressText(job: Pick<BulkJob, 'action' | 'processed' | 'total' | 'skipped'>) {
  const skipped = job.skipped ? ` (${count(job.skipped)} skipped)` : '';
  return `${verbs[job.action]}… ${count(job.processed)} of ${ordersText(job.total)}${skipped}`;
}
