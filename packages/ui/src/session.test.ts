import { describe, expect, it } from 'vitest';
import {
  clearCustomerSession,
  clearMerchantSession,
  clearPendingVerification,
  localStorageKeys,
  logout,
  merchantDisplayName,
  pruneStoredTokens,
  readCustomerSession,
  readMerchantSession,
  readPendingVerification,
  sessionStorageKeys,
  storeCustomerSignIn,
  storeMerchantSignIn,
  storeMerchantUser,
  storePendingVerification,
  type KeyValueStore,
  type SessionStores,
} from './session.js';

// A Map behind the Storage methods the helpers use; the browser's Storage is not in Node.
function memoryStore(entries: Record<string, string> = {}): KeyValueStore & { keys(): string[] } {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
    keys: () => [...map.keys()].sort(),
  };
}

function stores(local: Record<string, string> = {}, session: Record<string, string> = {}) {
  return { local: memoryStore(local), session: memoryStore(session) } satisfies SessionStores;
}

const now = 1_800_000_000;

function jwt(payload: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'ES256' })}.${part(payload)}.c2ln`;
}

const liveMerchantToken = jwt({
  userId: 'u1',
  accountId: 'acc-1',
  role: 'merchant',
  exp: now + 3600,
});

describe('readMerchantSession', () => {
  it('returns the merchant with claims, user and userInfo when the token is live', () => {
    const session = readMerchantSession(
      stores({
        authToken: liveMerchantToken,
        user: JSON.stringify({ email: 'sam@shop.test', onboardingCompleted: true }),
        userInfo: JSON.stringify({ id: 'u1', role: 'merchant', name: 'Sam' }),
      }),
      now,
    );
    expect(session).toMatchObject({
      claims: { accountId: 'acc-1' },
      user: { email: 'sam@shop.test' },
      userInfo: { name: 'Sam' },
      onboardingCompleted: true,
    });
  });

  it('returns null without a token, with an expired token or with a malformed one', () => {
    expect(readMerchantSession(stores(), now)).toBeNull();
    expect(readMerchantSession(stores({ authToken: jwt({ exp: now - 1 }) }), now)).toBeNull();
    expect(readMerchantSession(stores({ authToken: 'not-a-jwt' }), now)).toBeNull();
  });

  it('treats onboarding as incomplete only when the user says false and no local flag says true', () => {
    const incomplete = { authToken: liveMerchantToken, user: '{"onboardingCompleted":false}' };
    expect(readMerchantSession(stores(incomplete), now)?.onboardingCompleted).toBe(false);
    expect(
      readMerchantSession(stores({ ...incomplete, onboardingCompleted: 'true' }), now)
        ?.onboardingCompleted,
    ).toBe(true);
    expect(
      readMerchantSession(stores({ authToken: liveMerchantToken }), now)?.onboardingCompleted,
    ).toBe(true);
    expect(
      readMerchantSession(
        stores({ authToken: liveMerchantToken, onboardingCompleted: 'false' }),
        now,
      )?.onboardingCompleted,
    ).toBe(false);
  });

  it('ignores stored user data that is not a JSON object', () => {
    const session = readMerchantSession(
      stores({ authToken: liveMerchantToken, user: '{broken', userInfo: '[1,2]' }),
      now,
    );
    expect(session).toMatchObject({ user: null, userInfo: null });
  });
});

describe('readCustomerSession', () => {
  it('returns the buyer when customerAuthToken is live and null when it has expired', () => {
    const token = jwt({ userId: 'c1', role: 'customer', exp: now + 60 });
    expect(
      readCustomerSession(
        stores({ customerAuthToken: token, customerInfo: '{"firstName":"Ada"}' }),
        now,
      ),
    ).toMatchObject({ customerInfo: { firstName: 'Ada' } });
    expect(
      readCustomerSession(stores({ customerAuthToken: jwt({ exp: now - 60 }) }), now),
    ).toBeNull();
  });
});

describe('pruneStoredTokens', () => {
  it('removes an expired merchant token together with user and userInfo', () => {
    const s = stores({
      authToken: jwt({ exp: now - 10 }),
      user: '{}',
      userInfo: '{}',
      selectedPlan: 'pro_monthly',
    });
    expect(pruneStoredTokens(s, now, () => {}).merchant).toBe('removed');
    expect(s.local.keys()).toEqual(['selectedPlan']);
  });

  it('removes a malformed customer token together with customerInfo', () => {
    const s = stores({ customerAuthToken: 'abc', customerInfo: '{}' });
    expect(pruneStoredTokens(s, now, () => {}).customer).toBe('removed');
    expect(s.local.keys()).toEqual([]);
  });

  it('keeps a token that expires within 300 seconds and only warns about it', () => {
    const warnings: string[] = [];
    const s = stores({ authToken: jwt({ exp: now + 120 }) });
    expect(pruneStoredTokens(s, now, (message) => warnings.push(message))).toEqual({
      merchant: 'kept',
      customer: 'absent',
    });
    expect(warnings).toEqual(['The stored authToken expires in 120 seconds.']);
    expect(s.local.keys()).toEqual(['authToken']);
  });

  it('keeps a live token without warning', () => {
    const warnings: string[] = [];
    pruneStoredTokens(stores({ authToken: liveMerchantToken }), now, (m) => warnings.push(m));
    expect(warnings).toEqual([]);
  });
});

describe('clearMerchantSession and clearCustomerSession', () => {
  it('each forget only their own side of the session', () => {
    const s = stores({
      authToken: 't',
      user: '{}',
      userInfo: '{}',
      customerAuthToken: 'c',
      customerInfo: '{}',
      selectedPlan: 'pro_monthly',
    });
    clearMerchantSession(s);
    expect(s.local.keys()).toEqual(['customerAuthToken', 'customerInfo', 'selectedPlan']);
    clearCustomerSession(s);
    expect(s.local.keys()).toEqual(['selectedPlan']);
  });
});

describe('logout', () => {
  it('clears all local storage and the spec keys of session storage', () => {
    const local = Object.fromEntries(Object.values(localStorageKeys).map((key) => [key, 'x']));
    const session = Object.fromEntries(Object.values(sessionStorageKeys).map((key) => [key, 'x']));
    const s = stores({ ...local, 'anything-else': 'x' }, { ...session, 'tab-state': 'keep' });
    logout(s);
    expect(s.local.keys()).toEqual([]);
    expect(s.session.keys()).toEqual(['tab-state']);
  });
});

describe('merchantDisplayName', () => {
  it('prefers the userInfo name, then the stored user name or email', () => {
    const base = { token: 't', claims: { exp: now }, onboardingCompleted: true };
    expect(
      merchantDisplayName({ ...base, user: { email: 'e@x.test' }, userInfo: { name: 'Sam' } }),
    ).toBe('Sam');
    expect(merchantDisplayName({ ...base, user: { email: 'e@x.test' }, userInfo: {} })).toBe(
      'e@x.test',
    );
    expect(merchantDisplayName({ ...base, user: null, userInfo: null })).toBeNull();
  });
});

describe('storeMerchantSignIn and storeMerchantUser', () => {
  it('store the token, the user, a userInfo to greet with and the onboarding flag', () => {
    const s = stores({ customerAuthToken: 'c', customerInfo: '{}' });
    storeMerchantSignIn(
      liveMerchantToken,
      { id: 'u1', email: 'sam@shop.test', displayName: 'Sam', onboardingCompleted: false },
      s,
    );
    expect(s.local.keys()).toEqual(['authToken', 'onboardingCompleted', 'user', 'userInfo']);
    const session = readMerchantSession(s, now);
    expect(session).toMatchObject({
      token: liveMerchantToken,
      user: { email: 'sam@shop.test' },
      userInfo: { id: 'u1', role: 'merchant', name: 'Sam', email: 'sam@shop.test' },
      onboardingCompleted: false,
    });

    storeMerchantUser({ id: 'u1', email: 'sam@shop.test', onboardingCompleted: true }, s);
    expect(readMerchantSession(s, now)?.onboardingCompleted).toBe(true);
  });

  it("does not keep a previous seller's onboarding flag for a user without one", () => {
    const s = stores({ onboardingCompleted: 'true' });
    storeMerchantSignIn(liveMerchantToken, { email: 'b@shop.test' }, s);
    expect(s.local.getItem('onboardingCompleted')).toBeNull();
  });
});

describe('storeCustomerSignIn', () => {
  it('stores the buyer token and profile and ends a seller session', () => {
    const s = stores({ authToken: liveMerchantToken, user: '{}', onboardingCompleted: 'true' });
    const buyerToken = jwt({ userId: 'c1', accountId: 'c1', role: 'customer', exp: now + 60 });
    storeCustomerSignIn(buyerToken, { id: 'c1', email: 'bo@mail.test', firstName: null }, s);
    expect(s.local.keys()).toEqual(['customerAuthToken', 'customerInfo']);
    expect(readCustomerSession(s, now)?.customerInfo).toEqual({
      id: 'c1',
      email: 'bo@mail.test',
      firstName: null,
    });
  });
});

describe('pending verification', () => {
  it('keeps the email and the kind of account in session storage until cleared', () => {
    const s = stores();
    expect(readPendingVerification(s)).toBeNull();
    storePendingVerification({ email: 'bo@mail.test', account: 'customer' }, s);
    expect(readPendingVerification(s)).toEqual({ email: 'bo@mail.test', account: 'customer' });
    expect(s.local.keys()).toEqual([]);
    clearPendingVerification(s);
    expect(s.session.keys()).toEqual([]);
  });

  it('treats a pending email without a kind as a seller', () => {
    expect(readPendingVerification(stores({}, { pendingVerification: 'sam@shop.test' }))).toEqual({
      email: 'sam@shop.test',
      account: 'merchant',
    });
  });
});
