import mongoose from 'mongoose';
import { StoreFrontError } from '../data/store-front-client.js';
import { signState, verifyState, type StateSubject } from '../domain/oauth-state.js';
import { connectionsOf, type SyncDeps } from './store-front-access.js';
import { isDuplicateKeyError } from '@onvelope/service-kit/mongo';
import { sealText } from '@onvelope/service-kit/sealed-text';

export const connectMessages = {
  denied: 'Authorization was denied at BigCartel',
  forgedState: 'The connection link is not valid. Please start again from Connect Web Store.',
  expiredState: 'The connection link has expired. Please start again from Connect Web Store.',
  missingCode: 'BigCartel did not send an authorization code',
  exchangeFailed: 'BigCartel did not accept the authorization. Please try again.',
} as const;

export interface StateSettings {
  secret: string;
  ttlSeconds: number;
}

/** GET /api/bigcartel/connect: where the seller approves the connection, bound to them. */
export function connectUrl(
  deps: SyncDeps,
  state: StateSettings,
  subject: StateSubject,
  now = Date.now(),
): { authUrl: string } {
  return {
    authUrl: deps.client.authorizeUrl(
      signState(state.secret, subject, now + state.ttlSeconds * 1000),
    ),
  };
}

export type CallbackOutcome = { connected: true; storeName: string } | { error: string };

/**
 * The return from the store-front (spec 000 §2 "Return from store-front authorisation"): checks the
 * state, exchanges the code, reads the store's name, and stores the connection with its token
 * sealed. Reconnecting a store the seller had connected before reactivates that connection.
 */
export async function completeConnection(
  deps: SyncDeps,
  stateSecret: string,
  query: { code?: string; state?: string; error?: string },
  now = Date.now(),
): Promise<CallbackOutcome> {
  const state = verifyState(stateSecret, query.state, now);
  if (!state.ok) {
    return {
      error:
        state.reason === 'expired' ? connectMessages.expiredState : connectMessages.forgedState,
    };
  }
  if (query.error) return { error: connectMessages.denied };
  if (!query.code) return { error: connectMessages.missingCode };

  const { accountId, userId } = state.subject;
  let auth;
  let account;
  try {
    auth = await deps.client.exchangeCode(query.code);
    account = await deps.client.getAccount(auth);
  } catch (error) {
    if (!(error instanceof StoreFrontError)) throw error;
    deps.log.warn({ err: error, accountId }, 'store-front connection failed');
    return { error: connectMessages.exchangeFailed };
  }

  const connections = connectionsOf(deps, accountId);
  const existing = await connections
    .findOne({ storeAccountId: account.storeAccountId })
    .select({ _id: 1 })
    .lean<{ _id: mongoose.Types.ObjectId }>();
  const _id = existing?._id ?? new mongoose.Types.ObjectId();
  const fields = {
    userId,
    storeName: account.storeName,
    storeUrl: account.storeUrl,
    accessToken: sealText(deps.tokenKey, auth.accessToken, String(_id)),
    isActive: true,
    lastSyncError: null,
    disconnectedAt: null,
    // A new authorisation: its refusal, should it come, is a new message to the seller.
    authorizedAt: new Date(),
  };
  if (existing) {
    await connections.updateOne({ _id }, { $set: fields });
  } else {
    try {
      await connections.create({ _id, storeAccountId: account.storeAccountId, ...fields });
    } catch (error) {
      // The same store connected twice at once: the other return created it; take it over.
      if (!isDuplicateKeyError(error)) throw error;
      const raced = await connections
        .findOne({ storeAccountId: account.storeAccountId })
        .select({ _id: 1 })
        .lean<{ _id: mongoose.Types.ObjectId }>();
      if (!raced) throw error;
      await connections.updateOne(
        { _id: raced._id },
        {
          $set: {
            ...fields,
            accessToken: sealText(deps.tokenKey, auth.accessToken, String(raced._id)),
          },
        },
      );
    }
  }
  deps.log.info({ accountId, storeAccountId: account.storeAccountId }, 'store connected');
  return { connected: true, storeName: account.storeName };
}
