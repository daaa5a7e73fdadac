import { nowInSeconds, tokenState, type TokenPayload } from './token.js';

/** spec 001 §3: every key the product keeps in localStorage. */
export const localStorageKeys = {
  authToken: 'authToken',
  user: 'user',
  userInfo: 'userInfo',
  trialEndDate: 'trialEndDate',
  selectedPlan: 'selectedPlan',
  onboardingCompleted: 'onboardingCompleted',
  userDetails: 'userDetails',
  customerAuthToken: 'customerAuthToken',
  customerInfo: 'customerInfo',
  /** Not in the spec: the dashboard's page size the seller chose (issue 38 item 5). */
  dashboardPageSize: 'dashboardPageSize',
} as const;

/** spec 001 §3: every key the product keeps in sessionStorage. */
export const sessionStorageKeys = {
  pendingVerification: 'pendingVerification',
  showWelcome: 'showWelcome',
  redirectAfterSubscription: 'redirectAfterSubscription',
  /**
   * Not in the spec: which kind of account `pendingVerification` belongs to, since /verify serves
   * sellers and buyers and each has its own verify call.
   */
  pendingVerificationAccount: 'pendingVerificationAccount',
} as const;

/** The two kinds of account: sellers (`authToken`) and buyers (`customerAuthToken`). */
export type AccountKind = 'merchant' | 'customer';

/** The merchant `user` object stored after sign-in (spec 001 §3). */
export interface StoredUser {
  id?: string;
  email?: string;
  name?: string;
  displayName?: string | null;
  role?: string;
  accountId?: string;
  isVerified?: boolean;
  onboardingCompleted?: boolean;
  selectedPlan?: string | null;
  trialEnd?: string | null;
}

/** The merchant `userInfo` object (spec 000 §3: id, role, name). */
export interface UserInfo {
  id?: string;
  role?: string;
  name?: string;
  email?: string;
}

/** The buyer `customerInfo` object (spec 001 §3, Customer). */
export interface CustomerInfo {
  id?: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string;
  defaultPostcode?: string | null;
  avatar?: string | null;
  isVerified?: boolean;
}

export interface MerchantSession {
  token: string;
  claims: TokenPayload;
  user: StoredUser | null;
  userInfo: UserInfo | null;
  onboardingCompleted: boolean;
}

export interface CustomerSession {
  token: string;
  claims: TokenPayload;
  customerInfo: CustomerInfo | null;
}

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

/** Where the session lives; the browser's storages unless a caller passes others. */
export interface SessionStores {
  local: KeyValueStore;
  session: KeyValueStore;
}

/** The page's localStorage and sessionStorage, read at call time (the default of every helper). */
export function browserStores(): SessionStores {
  return { local: globalThis.localStorage, session: globalThis.sessionStorage };
}

// The onboarding flag mirrors the signed-in seller's profile, so it leaves with the seller.
const merchantKeys = [
  localStorageKeys.authToken,
  localStorageKeys.user,
  localStorageKeys.userInfo,
  localStorageKeys.onboardingCompleted,
];
const customerKeys = [localStorageKeys.customerAuthToken, localStorageKeys.customerInfo];

/**
 * The signed-in merchant, or null when there is no token or it is expired or malformed.
 * Reads storage on every call, so guards and pages always agree with what sign-in and logout wrote.
 */
export function readMerchantSession(
  stores: SessionStores = browserStores(),
  now: number = nowInSeconds(),
): MerchantSession | null {
  const token = stores.local.getItem(localStorageKeys.authToken);
  if (!token) return null;
  const state = tokenState(token, now);
  if (state.kind === 'malformed' || state.kind === 'expired') return null;
  const user = readJsonObject<StoredUser>(stores.local, localStorageKeys.user);
  return {
    token,
    claims: state.payload,
    user,
    userInfo: readJsonObject<UserInfo>(stores.local, localStorageKeys.userInfo),
    onboardingCompleted: readOnboardingCompleted(stores.local, user),
  };
}

/** The signed-in buyer, or null when there is no customer token or it is expired or malformed. */
export function readCustomerSession(
  stores: SessionStores = browserStores(),
  now: number = nowInSeconds(),
): CustomerSession | null {
  const token = stores.local.getItem(localStorageKeys.customerAuthToken);
  if (!token) return null;
  const state = tokenState(token, now);
  if (state.kind === 'malformed' || state.kind === 'expired') return null;
  return {
    token,
    claims: state.payload,
    customerInfo: readJsonObject<CustomerInfo>(stores.local, localStorageKeys.customerInfo),
  };
}

export interface PruneResult {
  merchant: 'absent' | 'kept' | 'removed';
  customer: 'absent' | 'kept' | 'removed';
}

/**
 * Startup check (spec 001 §4): an expired or malformed token is removed with the identity stored
 * beside it; a token that expires within 300 seconds stays and only logs a warning.
 */
export function pruneStoredTokens(
  stores: SessionStores = browserStores(),
  now: number = nowInSeconds(),
  warn: (message: string) => void = (message) => console.warn(message),
): PruneResult {
  return {
    merchant: pruneToken(stores, localStorageKeys.authToken, clearMerchantSession, now, warn),
    customer: pruneToken(
      stores,
      localStorageKeys.customerAuthToken,
      clearCustomerSession,
      now,
      warn,
    ),
  };
}

/**
 * Stores the merchant profile the server returned (sign-in, verification, GET /auth/profile): the
 * `user`, the `userInfo` the dashboard greets with, and the `onboardingCompleted` flag the guards read.
 */
export function storeMerchantUser(user: StoredUser, stores: SessionStores = browserStores()): void {
  stores.local.setItem(localStorageKeys.user, JSON.stringify(user));
  const userInfo: UserInfo = {
    id: user.id,
    role: user.role ?? 'merchant',
    name: user.displayName || user.name || user.email,
    email: user.email,
  };
  stores.local.setItem(localStorageKeys.userInfo, JSON.stringify(userInfo));
  if (typeof user.onboardingCompleted === 'boolean') {
    storeOnboardingCompleted(user.onboardingCompleted, stores);
  }
}

/** Records whether the merchant's onboarding is complete (the guards of spec 001 §2 read it). */
export function storeOnboardingCompleted(
  completed: boolean,
  stores: SessionStores = browserStores(),
): void {
  stores.local.setItem(localStorageKeys.onboardingCompleted, String(completed));
}

/**
 * A seller signed in (spec 001 §4: store token and user). A buyer session in the same browser ends:
 * one person is signed in as one kind of account at a time, so /login's redirect is unambiguous.
 *
 * @example const { token, user } = await api.call(login, { body }); storeMerchantSignIn(token, user);
 */
export function storeMerchantSignIn(
  token: string,
  user: StoredUser,
  stores: SessionStores = browserStores(),
): void {
  clearCustomerSession(stores);
  stores.local.removeItem(localStorageKeys.onboardingCompleted);
  stores.local.setItem(localStorageKeys.authToken, token);
  storeMerchantUser(user, stores);
}

/** A buyer signed in: `customerAuthToken` and `customerInfo`; a seller session in the browser ends. */
export function storeCustomerSignIn(
  token: string,
  customer: CustomerInfo,
  stores: SessionStores = browserStores(),
): void {
  clearMerchantSession(stores);
  stores.local.setItem(localStorageKeys.customerAuthToken, token);
  storeCustomerInfo(customer, stores);
}

/** Stores the buyer profile the server returned (GET or PATCH /api/customer-auth/profile). */
export function storeCustomerInfo(
  customer: CustomerInfo,
  stores: SessionStores = browserStores(),
): void {
  stores.local.setItem(localStorageKeys.customerInfo, JSON.stringify(customer));
}

export interface PendingVerification {
  email: string;
  account: AccountKind;
}

/** Remembers the email waiting for its code (spec 001 §4) and which kind of account it is. */
export function storePendingVerification(
  pending: PendingVerification,
  stores: SessionStores = browserStores(),
): void {
  stores.session.setItem(sessionStorageKeys.pendingVerification, pending.email);
  stores.session.setItem(sessionStorageKeys.pendingVerificationAccount, pending.account);
}

/** The email waiting for its code, or null; an unknown kind counts as a seller (the spec's only kind). */
export function readPendingVerification(
  stores: SessionStores = browserStores(),
): PendingVerification | null {
  const email = stores.session.getItem(sessionStorageKeys.pendingVerification);
  if (!email) return null;
  const account = stores.session.getItem(sessionStorageKeys.pendingVerificationAccount);
  return { email, account: account === 'customer' ? 'customer' : 'merchant' };
}

export function clearPendingVerification(stores: SessionStores = browserStores()): void {
  stores.session.removeItem(sessionStorageKeys.pendingVerification);
  stores.session.removeItem(sessionStorageKeys.pendingVerificationAccount);
}

/** Forgets the merchant's token and identity (token rejected by the server, or expired). */
export function clearMerchantSession(stores: SessionStores = browserStores()): void {
  for (const key of merchantKeys) stores.local.removeItem(key);
}

/** Forgets the buyer's token and identity. */
export function clearCustomerSession(stores: SessionStores = browserStores()): void {
  for (const key of customerKeys) stores.local.removeItem(key);
}

/**
 * Ends every session: spec 000 §4 and 001 §4 say logout clears all local storage (the origin is the
 * product's own), and the product's session-storage keys go with it.
 */
export function logout(stores: SessionStores = browserStores()): void {
  stores.local.clear();
  for (const key of Object.values(sessionStorageKeys)) stores.session.removeItem(key);
}

/** Name to greet the merchant with: userInfo first, then the stored user (spec 000 §2 header). */
export function merchantDisplayName(session: MerchantSession): string | null {
  const { userInfo, user } = session;
  return (
    userInfo?.name || userInfo?.email || user?.displayName || user?.name || user?.email || null
  );
}

function pruneToken(
  stores: SessionStores,
  tokenKey: string,
  clear: (stores: SessionStores) => void,
  now: number,
  warn: (message: string) => void,
): 'absent' | 'kept' | 'removed' {
  const token = stores.local.getItem(tokenKey);
  if (!token) return 'absent';
  const state = tokenState(token, now);
  if (state.kind === 'malformed' || state.kind === 'expired') {
    clear(stores);
    return 'removed';
  }
  if (state.kind === 'expiring') {
    warn(`The stored ${tokenKey} expires in ${state.secondsLeft} seconds.`);
  }
  return 'kept';
}

// The stored `onboardingCompleted` flag (written with every profile the server returns, and by the
// onboarding screens) wins over the stored user. Without either, only an explicit false means incomplete.
function readOnboardingCompleted(local: KeyValueStore, user: StoredUser | null): boolean {
  const flag = local.getItem(localStorageKeys.onboardingCompleted);
  if (flag === 'true') return true;
  if (flag === 'false') return false;
  return user?.onboardingCompleted !== false;
}

function readJsonObject<T extends object>(store: KeyValueStore, key: string): T | null {
  const raw = store.getItem(key);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    // Storage is written by this product only; the shape check guards against hand-edited values.
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as T)
      : null;
  } catch {
    return null;
  }
}
