import { randomBytes } from 'node:crypto';

export interface AuthorizationCode {
  accountId: string;
  clientId: string;
  redirectUri: string | undefined;
  expiresAt: number;
  used: boolean;
}

export interface AccessToken {
  token: string;
  accountId: string;
  clientId: string;
  revoked: boolean;
  createdAt: number;
}

export type ExchangeResult =
  { ok: true; token: AccessToken } | { ok: false; error: 'invalid_grant'; description: string };

/** Authorisation codes and access tokens of the one registered OAuth client. */
export class OAuthState {
  private readonly codes = new Map<string, AuthorizationCode>();
  private readonly tokens = new Map<string, AccessToken>();

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
    private readonly codeTtlMs: number,
  ) {}

  clientMatches(clientId: string | undefined, clientSecret: string | undefined): boolean {
    return clientId === this.clientId && clientSecret === this.clientSecret;
  }

  issueCode(accountId: string, redirectUri: string | undefined): string {
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, {
      accountId,
      clientId: this.clientId,
      redirectUri,
      expiresAt: Date.now() + this.codeTtlMs,
      used: false,
    });
    return code;
  }

  exchange(code: string, redirectUri: string | undefined): ExchangeResult {
    const grant = this.codes.get(code);
    if (!grant)
      return { ok: false, error: 'invalid_grant', description: 'Unknown authorization code' };
    if (grant.used) {
      return { ok: false, error: 'invalid_grant', description: 'Authorization code already used' };
    }
    if (Date.now() > grant.expiresAt) {
      return { ok: false, error: 'invalid_grant', description: 'Authorization code expired' };
    }
    if (grant.redirectUri !== undefined && redirectUri !== grant.redirectUri) {
      return {
        ok: false,
        error: 'invalid_grant',
        description: 'redirect_uri does not match the one used to authorize',
      };
    }
    grant.used = true;
    return { ok: true, token: this.issueToken(grant.accountId) };
  }

  issueToken(accountId: string): AccessToken {
    const token: AccessToken = {
      token: randomBytes(20).toString('hex'),
      accountId,
      clientId: this.clientId,
      revoked: false,
      createdAt: Date.now(),
    };
    this.tokens.set(token.token, token);
    return token;
  }

  /** The live token, or undefined when it is unknown or revoked. */
  lookup(token: string): AccessToken | undefined {
    const found = this.tokens.get(token);
    return found && !found.revoked ? found : undefined;
  }

  revoke(token: string): boolean {
    const found = this.tokens.get(token);
    if (!found) return false;
    found.revoked = true;
    return true;
  }

  /** Deauthorisation: every token of the account stops working. */
  revokeAccount(accountId: string): number {
    let revoked = 0;
    for (const token of this.tokens.values()) {
      if (token.accountId === accountId && !token.revoked) {
        token.revoked = true;
        revoked += 1;
      }
    }
    return revoked;
  }
}
