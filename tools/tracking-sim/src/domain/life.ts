import { hashSeed, Random } from '@onvelope/sim-kit';
import {
  carrierProfile,
  normaliseCarrier,
  normaliseTrackingCode,
  type ScanStyle,
} from './carriers.js';
import { placeLabel, type Place } from './places.js';

/** EasyPost's tracker statuses (Tracker object reference). */
export const trackerStatuses = [
  'unknown',
  'pre_transit',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'available_for_pickup',
  'return_to_sender',
  'failure',
  'cancelled',
  'error',
] as const;
export type TrackerStatus = (typeof trackerStatuses)[number];

/** EasyPost's `status_detail` values (Tracker object reference). */
export const statusDetails = [
  'address_correction',
  'arrived_at_destination',
  'arrived_at_facility',
  'arrived_at_pickup_location',
  'awaiting_information',
  'cancelled',
  'damaged',
  'delayed',
  'delivery_exception',
  'departed_facility',
  'departed_origin_facility',
  'expired',
  'failure',
  'held',
  'in_transit',
  'label_created',
  'lost',
  'missorted',
  'out_for_delivery',
  'received_at_destination_facility',
  'received_at_origin_facility',
  'refused',
  'return',
  'status_update',
  'transferred_to_destination_carrier',
  'transit_exception',
  'unknown',
  'weather_delay',
] as const;
export type StatusDetail = (typeof statusDetails)[number];

/** One scan in a parcel's life: what becomes a TrackingDetail once its time has come. */
export interface Checkpoint {
  status: TrackerStatus;
  statusDetail: StatusDetail;
  message: string;
  description: string;
  /** Where the scan happened; null when the carrier gave no location. */
  place: Place | null;
  carrierCode: string;
  /** A delivery attempt: `failed` (another one follows, or a return) or `final` (delivered). */
  attempt?: 'failed' | 'final';
  /**
   * The checkpoint at which the carrier expects delivery, as estimated at this scan (an index into
   * the life's checkpoints); null when it gives no estimate.
   */
  estimatedDeliveryIndex: number | null;
}

/** The shapes of life the generator chooses from (test codes have their own). */
export type LifeKind =
  | 'delivered'
  | 'failed_attempt'
  | 'exception'
  | 'pickup'
  | 'return_to_sender'
  | `test_${TrackerStatus}`;

/** Everything that will happen to a parcel, decided when its tracker is created. */
export interface Life {
  trackingCode: string;
  carrier: string;
  service: string;
  kind: LifeKind;
  origin: Place;
  destination: Place;
  checkpoints: Checkpoint[];
  /** Weight as the carrier measured it, in ounces; known from `weighedAt` (a checkpoint index) on. */
  weightOz: number | null;
  weighedAt: number;
  /** Who signed, shown once delivered. */
  signedBy: string | null;
  /** The status after the last checkpoint. */
  finalStatus: TrackerStatus;
}

/** The tracking code cannot be tracked (EasyPost answers these with a 422 and this code). */
export class LifeError extends Error {
  constructor(
    readonly code: 'TRACKER.INVALID_TEST_CODE',
    message: string,
  ) {
    super(message);
  }
}

type Scan = Omit<Checkpoint, 'estimatedDeliveryIndex' | 'place' | 'carrierCode' | 'description'>;

const postal = {
  label: {
    status: 'pre_transit',
    statusDetail: 'label_created',
    message: 'Shipping Label Created, {carrier} Awaiting Item',
  },
  accepted: {
    status: 'in_transit',
    statusDetail: 'received_at_origin_facility',
    message: 'Accepted at {carrier} Origin Facility',
  },
  departedOrigin: {
    status: 'in_transit',
    statusDetail: 'departed_origin_facility',
    message: 'Departed {carrier} Origin Facility',
  },
  arrivedHub: {
    status: 'in_transit',
    statusDetail: 'arrived_at_facility',
    message: 'Arrived at {carrier} Regional Facility',
  },
  departedHub: {
    status: 'in_transit',
    statusDetail: 'departed_facility',
    message: 'Departed {carrier} Regional Facility',
  },
  onTheWay: {
    status: 'in_transit',
    statusDetail: 'in_transit',
    message: 'In Transit to Next Facility',
  },
  arrivedDestination: {
    status: 'in_transit',
    statusDetail: 'received_at_destination_facility',
    message: 'Arrived at Post Office',
  },
  outForDelivery: {
    status: 'out_for_delivery',
    statusDetail: 'out_for_delivery',
    message: 'Out for Delivery',
  },
  delivered: {
    status: 'delivered',
    statusDetail: 'arrived_at_destination',
    message: 'Delivered, In/At Mailbox',
    attempt: 'final',
  },
  deliveredSigned: {
    status: 'delivered',
    statusDetail: 'arrived_at_destination',
    message: 'Delivered, Left with Individual',
    attempt: 'final',
  },
  attemptFailed: {
    status: 'in_transit',
    statusDetail: 'delivery_exception',
    message: 'Delivery Attempted - No Access to Delivery Location',
    attempt: 'failed',
  },
  noticeLeft: {
    status: 'in_transit',
    statusDetail: 'delivery_exception',
    message: 'Notice Left (No Authorized Recipient Available)',
    attempt: 'failed',
  },
  availableForPickup: {
    status: 'available_for_pickup',
    statusDetail: 'arrived_at_pickup_location',
    message: 'Available for Pickup',
  },
  pickedUp: {
    status: 'delivered',
    statusDetail: 'arrived_at_destination',
    message: 'Delivered, Individual Picked Up at Post Office',
    attempt: 'final',
  },
  returned: {
    status: 'return_to_sender',
    statusDetail: 'return',
    message: 'Return to Sender Processed',
  },
  weatherDelay: {
    status: 'in_transit',
    statusDetail: 'weather_delay',
    message: 'Delayed due to Weather',
  },
  delayed: { status: 'in_transit', statusDetail: 'delayed', message: 'In Transit, Arriving Late' },
  missorted: {
    status: 'in_transit',
    statusDetail: 'missorted',
    message: 'Missent to Wrong Facility, Rerouting',
  },
  undeliverable: {
    status: 'failure',
    statusDetail: 'failure',
    message: 'Undeliverable as Addressed, Unable to Return',
  },
} satisfies Record<string, Scan>;

type ScanName = keyof typeof postal;

const courier = {
  label: {
    ...postal.label,
    message: 'Shipper created a label, {carrier} has not received the package yet.',
  },
  accepted: { ...postal.accepted, message: 'Pickup Scan' },
  departedOrigin: { ...postal.departedOrigin, message: 'Departed from Origin Facility' },
  arrivedHub: { ...postal.arrivedHub, message: 'Arrived at Facility' },
  departedHub: { ...postal.departedHub, message: 'Departed from Facility' },
  onTheWay: { ...postal.onTheWay, message: 'On the Way' },
  arrivedDestination: { ...postal.arrivedDestination, message: 'Destination Scan' },
  outForDelivery: { ...postal.outForDelivery, message: 'Out For Delivery Today' },
  delivered: { ...postal.delivered, message: 'Delivered, Front Door' },
  deliveredSigned: { ...postal.deliveredSigned, message: 'Delivered, Signed for by Receiver' },
  attemptFailed: {
    ...postal.attemptFailed,
    message:
      "The receiver was not available for delivery. We'll make a second attempt the next business day.",
  },
  noticeLeft: {
    ...postal.noticeLeft,
    message:
      'The receiver was not available. The package will be held at an Access Point for pickup.',
  },
  availableForPickup: {
    ...postal.availableForPickup,
    message: 'Your package is at the {carrier} Access Point and is ready for pickup.',
  },
  pickedUp: { ...postal.pickedUp, message: 'Delivered, Picked Up by Receiver at Access Point' },
  returned: { ...postal.returned, message: 'The package is being returned to the sender.' },
  weatherDelay: {
    ...postal.weatherDelay,
    message: 'Severe weather conditions have delayed delivery.',
  },
  delayed: {
    ...postal.delayed,
    message: 'Running later than expected. The package is on its way.',
  },
  missorted: { ...postal.missorted, message: 'The package was missorted and is being rerouted.' },
  undeliverable: {
    ...postal.undeliverable,
    message: 'The address is incomplete. The package cannot be delivered or returned.',
  },
} satisfies Record<ScanName, Scan>;

// Courier event codes, roughly as UPS sends them: M manifest, P pickup, I in transit, O out for
// delivery, D delivered, X exception. Postal services send none.
const courierCodes: Record<TrackerStatus, string> = {
  unknown: '',
  pre_transit: 'M',
  in_transit: 'I',
  out_for_delivery: 'O',
  delivered: 'D',
  available_for_pickup: 'I',
  return_to_sender: 'X',
  failure: 'X',
  cancelled: 'X',
  error: 'X',
};

const signers = [
  'J SMITH',
  'M GARCIA',
  'A JOHNSON',
  'L CHEN',
  'R PATEL',
  'K NGUYEN',
  'S WILLIAMS',
  'D OKAFOR',
];

/** Builds a life scan by scan, then works out what the carrier estimated at each one. */
class LifeBuilder {
  private readonly scans: (Scan & { place: Place | null })[] = [];
  /** Scans before this index were made with the estimate from before a delay. */
  private delay: { index: number; checkpoints: number } | undefined;

  constructor(
    private readonly carrier: string,
    private readonly style: ScanStyle,
  ) {}

  add(name: ScanName, place: Place | null): this {
    const scan = (this.style === 'postal' ? postal : courier)[name];
    this.scans.push({ ...scan, message: scan.message.replace('{carrier}', this.carrier), place });
    return this;
  }

  /** The scan just added delays delivery by this many checkpoints. */
  delayedBy(checkpoints: number): this {
    this.delay = { index: this.scans.length - 1, checkpoints };
    return this;
  }

  get length(): number {
    return this.scans.length;
  }

  build(): Checkpoint[] {
    const attempts = this.scans.flatMap((scan, index) => (scan.attempt ? [index] : []));
    return this.scans.map((scan, index) => ({
      ...scan,
      description: '',
      carrierCode: this.style === 'courier' ? courierCodes[scan.status] : '',
      estimatedDeliveryIndex: this.estimateAt(index, scan, attempts),
    }));
  }

  private estimateAt(index: number, scan: Scan, attempts: number[]): number | null {
    // No estimate before the carrier has the parcel, nor once it goes back or fails for good.
    if (index === 0 || scan.status === 'return_to_sender' || scan.status === 'failure') return null;
    const next = attempts.find((attempt) =>
      scan.attempt === 'failed' ? attempt > index : attempt >= index,
    );
    // A life that ends before any attempt (some test codes): delivery expected beyond its end.
    let estimate = next ?? this.scans.length + 1;
    if (this.delay && index < this.delay.index) estimate -= this.delay.checkpoints;
    return Math.max(estimate, index);
  }
}

function roundWeight(random: Random): number {
  const ounces = random.int(3, 90);
  // About half whole numbers: EasyPost sends those as 16.0, which the SDK's signature check expects.
  return random.chance(0.5) ? ounces : ounces + random.int(1, 9) / 10;
}

function generatedLife(trackingCode: string, carrier: string): Life {
  // Seeded by the tracking code and carrier: the same code lives the same life in any process.
  const random = new Random(hashSeed('life', trackingCode, carrier));
  const profile = carrierProfile(carrier);
  const kind = random.weighted<LifeKind>([
    ['delivered', 55],
    ['failed_attempt', 12],
    ['exception', 15],
    ['pickup', 9],
    ['return_to_sender', 9],
  ]);
  const origin = random.pick(profile.origins);
  const destination = random.pick(profile.destinations.filter((place) => place !== origin));
  const route = random.sample(
    profile.hubs.filter((hub) => hub.city !== origin.city && hub.city !== destination.city),
    random.int(1, 3),
  );
  const life = new LifeBuilder(profile.name, profile.style);

  life.add('label', origin).add('accepted', origin);
  if (random.chance(0.5)) life.add('departedOrigin', origin);
  route.forEach((hub, index) => {
    life.add('arrivedHub', hub);
    if (kind === 'exception' && index === 0) {
      const exception = random.pick(['weatherDelay', 'delayed', 'missorted'] as const);
      life.add(exception, exception === 'delayed' ? null : hub).delayedBy(random.int(1, 2));
      if (exception === 'missorted') {
        const detours = profile.hubs.filter((other) => !route.includes(other));
        const detour = detours.length > 0 ? random.pick(detours) : hub;
        life.add('arrivedHub', detour).add('departedHub', detour);
      }
    }
    if (random.chance(0.7)) life.add('departedHub', hub);
  });
  if (random.chance(0.4)) life.add('onTheWay', null);
  life.add('arrivedDestination', destination).add('outForDelivery', destination);

  const signed = random.chance(0.3);
  const delivered = signed ? 'deliveredSigned' : 'delivered';
  switch (kind) {
    case 'failed_attempt':
      life.add('attemptFailed', destination).add('outForDelivery', destination);
      life.add(delivered, destination);
      break;
    case 'pickup':
      life.add('noticeLeft', destination).add('availableForPickup', destination);
      life.add('pickedUp', destination);
      break;
    case 'return_to_sender':
      life.add('attemptFailed', destination).add('outForDelivery', destination);
      life.add('attemptFailed', destination).add('returned', destination);
      break;
    default:
      life.add(delivered, destination);
  }
  const checkpoints = life.build();
  return {
    trackingCode,
    carrier: profile.name,
    service: random.pick(profile.services),
    kind,
    origin,
    destination,
    checkpoints,
    weightOz: roundWeight(random),
    weighedAt: 1,
    signedBy:
      kind === 'return_to_sender'
        ? null
        : kind === 'pickup' || signed
          ? random.pick(signers)
          : null,
    finalStatus: checkpoints[checkpoints.length - 1]!.status,
  };
}

const testOrigin: Place = {
  city: 'HOUSTON',
  state: 'TX',
  country: 'US',
  zip: '77063',
  timeZone: 'America/Chicago',
};
const testHub: Place = { ...testOrigin, city: 'NORTH HOUSTON', zip: '77315' };
const testDestination: Place = {
  city: 'CHARLESTON',
  state: 'SC',
  country: 'US',
  zip: '29401',
  timeZone: 'America/New_York',
};

/** The status each documented test code ends in: EZ1000000001 … EZ7000000007. */
export const testCodeStatuses: Readonly<Record<string, TrackerStatus>> = {
  '1': 'pre_transit',
  '2': 'in_transit',
  '3': 'out_for_delivery',
  '4': 'delivered',
  '5': 'return_to_sender',
  '6': 'failure',
  '7': 'unknown',
};

const testCodePattern = /^EZ(\d)\d{9}$/;

function testLife(trackingCode: string, carrier: string, status: TrackerStatus): Life {
  const life = new LifeBuilder(carrier, 'postal');
  if (status !== 'unknown') {
    // EasyPost's own sample for EZ1000000001 starts with these two scans.
    life.add('label', null).add('label', testOrigin);
  }
  if (status !== 'unknown' && status !== 'pre_transit') {
    life.add('arrivedHub', testHub).add('departedHub', testHub);
  }
  if (['out_for_delivery', 'delivered', 'return_to_sender'].includes(status)) {
    life.add('arrivedDestination', testDestination).add('outForDelivery', testDestination);
  }
  if (status === 'delivered') life.add('deliveredSigned', testDestination);
  if (status === 'return_to_sender')
    life.add('attemptFailed', testDestination).add('returned', testDestination);
  if (status === 'failure')
    life.add('arrivedHub', testDestination).add('undeliverable', testDestination);
  const checkpoints = life.build();
  if (checkpoints[0]) {
    checkpoints[0].message = `Pre-Shipment Info Sent to ${carrier}`;
    checkpoints[0].statusDetail = 'status_update';
  }
  if (checkpoints[1]) {
    checkpoints[1].message = 'Shipping Label Created';
    checkpoints[1].statusDetail = 'status_update';
  }
  return {
    trackingCode,
    carrier,
    service: 'First-Class Package Service',
    kind: `test_${status}`,
    origin: testOrigin,
    destination: testDestination,
    checkpoints,
    // 17.6 is EasyPost's own sample; 16 is a whole number, sent as 16.0.
    weightOz: status === 'delivered' ? 17.6 : status === 'unknown' ? null : 16,
    weighedAt: 2,
    signedBy: status === 'delivered' ? 'John Tester' : null,
    finalStatus: status,
  };
}

/** True for codes of EasyPost's test-code family (`EZ` and ten digits). */
export function isTestCode(trackingCode: string): boolean {
  return testCodePattern.test(normaliseTrackingCode(trackingCode));
}

/**
 * The life a parcel with this tracking code lives: EasyPost's documented test codes end in their
 * status; any other code gets a life generated from the code itself (the same code and carrier,
 * the same life, in any process).
 *
 * @example
 * lifeFor('EZ4000000004', 'USPS').finalStatus; // 'delivered'
 * lifeFor('9400111899223197428490', 'USPS').checkpoints.map((checkpoint) => checkpoint.status);
 */
export function lifeFor(trackingCode: string, carrier: string): Life {
  const code = normaliseTrackingCode(trackingCode);
  const test = testCodePattern.exec(code);
  if (test) {
    const status = testCodeStatuses[test[1]!];
    if (!status) {
      throw new LifeError(
        'TRACKER.INVALID_TEST_CODE',
        `${code} is not a test tracking code; use EZ1000000001 to EZ7000000007`,
      );
    }
    return testLife(code, carrier, status);
  }
  return generatedLife(code, carrier);
}

/** "HOUSTON TX, 77063 → CHARLESTON SC, 29401: delivered in 9 scans", for logs and the admin API. */
export function describeLife(life: Life): string {
  return `${placeLabel(life.origin)} → ${placeLabel(life.destination)}: ${life.kind}, ${life.checkpoints.length} scans, ends ${life.finalStatus}`;
}

/**
 * The first code of the form `<prefix>Z000000001`, `<prefix>Z000000002`… whose life is of this
 * kind, for demos and tests that need a parcel to end a given way (lives are decided by the code).
 *
 * @example trackingCodeLiving('delivered', 'LT') // 'LTZ000000003', say
 */
export function trackingCodeLiving(kind: LifeKind, prefix: string, carrier = 'USPS'): string {
  for (let n = 1; n < 1_000; n += 1) {
    const code = `${prefix}Z${String(n).padStart(9, '0')}`;
    if (lifeFor(code, normaliseCarrier(carrier)).kind === kind) return code;
  }
  throw new Error(`no ${kind} life among the first 999 codes of ${prefix}`);
}
