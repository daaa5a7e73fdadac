import {
  RequestLog,
  type RequestFilter as ApiRequestFilter,
  type RequestRecord as ApiRequestRecord,
} from '@onvelope/sim-kit';

export interface RequestRecord extends ApiRequestRecord {
  /** The store asked for: in the path, or the access token's. */
  accountId: string | undefined;
  userAgent: string | undefined;
}

export interface RequestFilter extends ApiRequestFilter {
  accountId?: string;
}

/** Every request except the admin API's, so tests can say how many calls a client (or a store's sync) made. */
export function storeRequestLog(): RequestLog<RequestRecord, RequestFilter> {
  return new RequestLog<RequestRecord, RequestFilter>(
    (record, filter) => filter.accountId === undefined || record.accountId === filter.accountId,
  );
}
