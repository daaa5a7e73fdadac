import {
  type reportSortFields,
  trackingEntryStatuses,
  type BodyOf,
  type searchReport,
} from '@onvelope/contracts';
import { ApiError } from '@onvelope/ui';

export type ReportSortField = (typeof reportSortFields)[number];
type ReportSearchBody = BodyOf<typeof searchReport>;

/** spec 000 §9: a report page holds 100 rows. */
export const reportPageSize = 100;

/** The status choices of the report filter: any, or one of the order statuses. */
export const reportStatuses = ['all', ...trackingEntryStatuses] as const;

/** What the seller types into the report panel (spec 000 §7 filters), all as text. */
export interface ReportFilterForm {
  orderNumber: string;
  email: string;
  status: (typeof reportStatuses)[number];
  courierContains: string;
  /** The tracking number (the contract's `q`). */
  q: string;
  itemsContains: string;
  shippingCountryContains: string;
  /** `YYYY-MM-DD` from a date input, or ''. */
  createdFrom: string;
  createdTo: string;
  sortBy: ReportSortField;
  sortDir: 'asc' | 'desc';
}

/** spec 000 §7: no filter, sorted by createdAt descending. */
export const emptyReportFilters: ReportFilterForm = {
  orderNumber: '',
  email: '',
  status: 'all',
  courierContains: '',
  q: '',
  itemsContains: '',
  shippingCountryContains: '',
  createdFrom: '',
  createdTo: '',
  sortBy: 'createdAt',
  sortDir: 'desc',
};

const textFilters = [
  'orderNumber',
  'email',
  'courierContains',
  'q',
  'itemsContains',
  'shippingCountryContains',
] as const;

/**
 * The filters as the search and export calls take them: blank fields left out, text trimmed, a
 * date range covering whole days in the seller's own time zone (a "to" date includes that day).
 */
export function reportFiltersOf(
  form: ReportFilterForm,
): Omit<ReportSearchBody, 'page' | 'pageSize'> {
  const filters: Omit<ReportSearchBody, 'page' | 'pageSize'> = {
    sortBy: form.sortBy,
    sortDir: form.sortDir,
  };
  for (const name of textFilters) {
    const value = form[name].trim();
    if (value) filters[name] = value;
  }
  if (form.status !== 'all') filters.status = form.status;
  const from = dayBoundary(form.createdFrom, 'start');
  const to = dayBoundary(form.createdTo, 'end');
  if (from) filters.createdFrom = from;
  if (to) filters.createdTo = to;
  return filters;
}

/** A search request for one page of the report. */
export function reportSearchBody(form: ReportFilterForm, page: number): ReportSearchBody {
  return { ...reportFiltersOf(form), page, pageSize: reportPageSize };
}

/**
 * `2026-03-01` -> the first (or last) millisecond of that local day as ISO 8601. Anything that is
 * not a `YYYY-MM-DD` date is sent as typed, so the service names the field in its answer.
 */
export function dayBoundary(value: string, edge: 'start' | 'end'): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return text;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date =
    edge === 'start'
      ? new Date(year, month - 1, day, 0, 0, 0, 0)
      : new Date(year, month - 1, day, 23, 59, 59, 999);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

export type ReportFieldErrors = Partial<Record<keyof ReportFilterForm | 'form', string>>;

const formFields = new Set<string>(Object.keys(emptyReportFilters));

/**
 * The service's validation answer (`details[].path` such as `body.createdFrom`) as messages beside
 * the fields they name; a message for no known field goes under `form`.
 */
export function reportFieldErrors(error: unknown): ReportFieldErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: ReportFieldErrors = {};
  for (const detail of error.details) {
    const field = detail.path?.replace(/^body\./, '').split('.')[0];
    const key = field && formFields.has(field) ? (field as keyof ReportFilterForm) : 'form';
    errors[key] = errors[key] ? `${errors[key]}; ${detail.message}` : detail.message;
  }
  if (Object.keys(errors).length === 0 && error.serverMessage) errors.form = error.serverMessage;
  return errors;
}

/**
 * spec 000 §8 'Export failed: status', followed by what the service said (its error and details,
 * e.g. the pdf row limit) so the seller knows what to change.
 */
export function exportFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Export failed: network error';
  if (error.isNetworkFailure) return 'Export failed: network error';
  const said = [error.serverMessage, ...error.details.map((detail) => detail.message)]
    .filter(Boolean)
    .join(' ');
  return said ? `Export failed: ${error.status} - ${said}` : `Export failed: ${error.status}`;
}

/** The report file name to use when the answer named none (spec 000 §9 prefix and timestamp). */
export function fallbackReportFilename(format: string, at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `onvelope-report-${stamp}.${format}`;
}
