import type { Logger } from '@onvelope/service-kit/observability';
import type { NatsConnection } from '@onvelope/service-kit/nats';
import type { AttemptCounters } from '@onvelope/service-kit/mongo';
import type { OutboxRelay } from '@onvelope/service-kit/outbox';
import type { Mailer } from '@onvelope/service-kit/mail';
import type { ApiKeyModel } from './data/api-key.model.js';
import type { CustomerModel } from './data/customer.model.js';
import type { OneTimeCodeModel } from './data/one-time-code.model.js';
import type { SellerModel } from './data/seller.model.js';
import type { addressLimits } from './domain/sign-in-throttle.js';
import type { TokenSigner } from './domain/signing-key.js';

/** What the use cases work with; built once in `index.ts`, replaced piecemeal in tests. */
export interface AuthDeps {
  sellers: SellerModel;
  customers: CustomerModel;
  codes: OneTimeCodeModel;
  /** Sellers' API keys (issue 35). */
  apiKeys: ApiKeyModel;
  signInFailures: AttemptCounters;
  /** The per-address limits of sign-ups and code resends (`addressLimits`). */
  addressLimits: ReturnType<typeof addressLimits>;
  signer: TokenSigner;
  mailer: Mailer;
  nats: NatsConnection;
  /** Told after each stored revocation, so it reaches the other services without waiting. */
  revocationRelay: Pick<OutboxRelay, 'kick'>;
  /** Told after each key revocation, so every gateway forgets the key without waiting. */
  apiKeyRevocationRelay: Pick<OutboxRelay, 'kick'>;
  /** Told after each write that marks a seller's profile changed, so svc-notify hears at once. */
  profileRelay: Pick<OutboxRelay, 'kick'>;
  log: Logger;
  /** The clock every expiry and window is measured with (tests move it instead of sleeping). */
  now: () => Date;
  /** Log codes themselves when they are sent (local runs only; see README). */
  logCodes: boolean;
}
