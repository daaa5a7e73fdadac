import type { IncomingHttpHeaders } from 'node:http';
import easyPostModule from '@easypost/api';
import type { DeliveryRecord } from '@onvelope/contracts';
import {
  deliveryOfEasyPostTracker,
  easyPostCarrierOf,
  type EasyPostTrackerJson,
} from '../domain/easypost-tracker.js';
import { isRetryableStatus } from '../domain/retry-policy.js';

/** A shipment the provider tracks, and what it says of it now. */
export interface ProviderTracker {
  trackerId: string;
  trackingCode: string;
  delivery: DeliveryRecord;
}

/** A call to the provider failed; `retryable` when trying again later may succeed. */
export class TrackingProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** A webhook that is not signed by the provider with the configured secret. */
export class WebhookSignatureError extends Error {}

/**
 * A shipment-tracking provider. EasyPost is the one today; another (AfterShip, 17TRACK, a
 * carrier's own API) implements these three calls and maps its statuses onto `carrierStatuses`,
 * and `trackingProviderFromConfig` picks it: nothing else changes, the order model included.
 */
export interface TrackingProvider {
  readonly name: string;
  /** Starts tracking a code; asking again for a code already tracked answers the same tracker. */
  createTracker(trackingCode: string, courier: string | null): Promise<ProviderTracker>;
  retrieveTracker(trackerId: string): Promise<ProviderTracker>;
  /**
   * The tracker a webhook reports on, once its signature is checked; null for an event of
   * another kind. Throws `WebhookSignatureError` when forged or unsigned.
   */
  readWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): ProviderTracker | null;
}

// The SDK's types describe a CommonJS module, so under NodeNext the default import is typed as the
// module object; Node loads its ESM build, whose default export is the client class.
const EasyPostClient = ((easyPostModule as { default?: unknown }).default ??
  easyPostModule) as typeof easyPostModule.default;
type EasyPostClient = InstanceType<typeof EasyPostClient>;

interface EasyPostOptions {
  apiKey: string;
  /** EasyPost's API, or the local simulator (`tools/tracking-sim`). */
  apiUrl: string;
  webhookSecret: string;
  timeoutMs: number;
}

const trackerOf = (json: EasyPostTrackerJson): ProviderTracker => ({
  trackerId: json.id,
  trackingCode: json.tracking_code,
  delivery: deliveryOfEasyPostTracker(json),
});

/** What the SDK's errors say, as the provider error the callers act on. */
function providerErrorOf(error: unknown): TrackingProviderError {
  const { statusCode, message } = error as { statusCode?: number; message?: string };
  const status = typeof statusCode === 'number' ? statusCode : null;
  // No status: the network failed or the call timed out, which a later try may get past.
  const retryable = status === null || isRetryableStatus(status);
  return new TrackingProviderError(
    `EasyPost ${status ?? 'unreachable'}: ${message ?? 'no answer'}`,
    retryable,
  );
}

/** EasyPost's Trackers API through its official SDK, and its HMAC-signed webhook Events. */
export class EasyPostProvider implements TrackingProvider {
  readonly name = 'easypost';
  private readonly client: EasyPostClient;

  constructor(private readonly options: EasyPostOptions) {
    this.client = new EasyPostClient(options.apiKey, {
      baseUrl: options.apiUrl.endsWith('/') ? options.apiUrl : `${options.apiUrl}/`,
      // The SDK keeps its `timeout` option but does not apply it (8.x): set on each request.
      requestMiddleware: (request: { timeout(ms: number): unknown }) =>
        request.timeout(options.timeoutMs),
    });
  }

  async createTracker(trackingCode: string, courier: string | null): Promise<ProviderTracker> {
    const carrier = easyPostCarrierOf(courier);
    try {
      const tracker = await this.client.Tracker.create({
        tracking_code: trackingCode,
        ...(carrier ? { carrier } : {}),
      });
      return trackerOf(tracker as unknown as EasyPostTrackerJson);
    } catch (error) {
      throw providerErrorOf(error);
    }
  }

  async retrieveTracker(trackerId: string): Promise<ProviderTracker> {
    try {
      const tracker = await this.client.Tracker.retrieve(trackerId);
      return trackerOf(tracker as unknown as EasyPostTrackerJson);
    } catch (error) {
      throw providerErrorOf(error);
    }
  }

  readWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): ProviderTracker | null {
    let event: { description?: unknown; result?: unknown };
    try {
      // The SDK's own check: HMAC-SHA256 of the body with the secret, in `X-Hmac-Signature`.
      event = this.client.Utils.validateWebhook(
        rawBody,
        headers as Record<string, string>,
        this.options.webhookSecret,
      ) as typeof event;
    } catch {
      throw new WebhookSignatureError('The webhook is not signed by EasyPost');
    }
    if (event.description !== 'tracker.created' && event.description !== 'tracker.updated') {
      return null;
    }
    const result = event.result as Partial<EasyPostTrackerJson> | undefined;
    if (!result?.id || !result.tracking_code) return null;
    return trackerOf(result as EasyPostTrackerJson);
  }
}
