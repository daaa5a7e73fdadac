import { apiFaultKeys, ApiFaultState, type ApiFaults } from '@onvelope/sim-kit';

/** Which API requests a fault applies to. Both are optional; without them it applies to every `/v1` request. */
export interface FaultTarget {
  /** Only requests under `/v1/accounts/{accountId}`. */
  accountId?: string;
  /** Only requests whose decoded path and query contain this text, e.g. `/orders` or `page[offset]=40`. */
  match?: string;
}

export interface RevokeTokenFault {
  token: string;
  /** Serve this many more API requests (any token), then revoke the token. 0 revokes it now. */
  afterRequests: number;
}

export interface Faults extends ApiFaults<FaultTarget> {
  revokeToken?: RevokeTokenFault | null;
}

export type RateLimitFault = NonNullable<Faults['rateLimit']>;
export type DelayFault = NonNullable<Faults['delay']>;
export type ServerErrorFault = NonNullable<Faults['serverError']>;

export const faultKeys = [...apiFaultKeys, 'revokeToken'] as const;

export interface FaultRequest {
  /** Path and query, percent-decoded. */
  url: string;
  accountId: string | undefined;
}

function targets(target: FaultTarget, request: FaultRequest): boolean {
  if (target.accountId !== undefined && target.accountId !== request.accountId) return false;
  if (target.match !== undefined && !request.url.includes(target.match)) return false;
  return true;
}

/** Faults set through the admin API, globally or for one store, consumed request by request. */
export class FaultState extends ApiFaultState<FaultTarget, FaultRequest, Faults> {
  constructor() {
    super(faultKeys, targets);
  }

  /** The token to revoke now, if a delayed revocation has come due. */
  tokenToRevoke(): string | undefined {
    const revoke = this.faults.revokeToken;
    if (!revoke) return undefined;
    if (revoke.afterRequests > 0) {
      revoke.afterRequests -= 1;
      return undefined;
    }
    delete this.faults.revokeToken;
    return revoke.token;
  }
}
