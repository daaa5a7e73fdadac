import { type RequestRecord as ApiRequestRecord } from '@onvelope/sim-kit';

export type { RequestFilter } from '@onvelope/sim-kit';

/** An API request (not an admin one): tests read how a client behaved (retries, backoff). */
export interface RequestRecord extends ApiRequestRecord {
  /** The API key's mode, when the request got past authentication. */
  mode: string | undefined;
}
