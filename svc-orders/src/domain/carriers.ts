import type { CarrierName } from '@onvelope/contracts';

/**
 * The common carriers of the seller's customers (UK and US), described declaratively: what a seller
 * may call them, what their tracking numbers look like, and where a buyer tracks a parcel.
 */
interface Carrier {
  name: CarrierName;
  /** Lower-case names sellers write, after punctuation is turned into spaces. */
  aliases: readonly string[];
  /** Tracking-number formats, tested against the number without spaces, upper-cased. */
  formats: readonly RegExp[];
  trackingUrl(trackingNumber: string): string;
}

const encode = encodeURIComponent;

// Order matters for detection: the first carrier whose format matches wins, so the specific
// formats (a prefix or a country suffix) come before the bare digit counts several carriers share.
const carriers: readonly Carrier[] = [
  {
    name: 'Royal Mail',
    aliases: [
      'royal mail',
      'royalmail',
      'rm',
      'royal mail tracked',
      'royal mail tracked 24',
      'royal mail tracked 48',
      'tracked 24',
      'tracked 48',
      'royal mail special delivery',
      'special delivery',
      'royal mail signed for',
      'signed for',
      'first class',
      'second class',
      '1st class',
      '2nd class',
    ],
    // UPU S10 numbers posted in the UK: two letters, eight digits and a check digit, then GB.
    formats: [/^[A-Z]{2}\d{9}GB$/],
    trackingUrl: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${encode(n)}`,
  },
  {
    name: 'UPS',
    aliases: ['ups', 'united parcel service', 'ups standard', 'ups express'],
    formats: [/^1Z[0-9A-Z]{16}$/],
    trackingUrl: (n) => `https://www.ups.com/track?tracknum=${encode(n)}`,
  },
  {
    name: 'USPS',
    aliases: [
      'usps',
      'us postal service',
      'u s postal service',
      'united states postal service',
      'us mail',
      'usps priority mail',
      'priority mail',
    ],
    // S10 numbers posted in the US, and the 20 to 22 digit domestic numbers (92..95 prefixes).
    formats: [/^[A-Z]{2}\d{9}US$/, /^9[2-5]\d{18,20}$/],
    trackingUrl: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${encode(n)}`,
  },
  {
    name: 'DHL',
    aliases: ['dhl', 'dhl express', 'dhl parcel', 'dhl parcel uk', 'dhl ecommerce'],
    // DHL Parcel (JJD, JVGL), DHL eCommerce (GM) and DHL Express waybills (10 digits).
    formats: [/^JJD\d{10,20}$/, /^JVGL\d{10,20}$/, /^GM\d{16,20}$/, /^\d{10}$/],
    trackingUrl: (n) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${encode(n)}`,
  },
  {
    name: 'Evri',
    aliases: ['evri', 'hermes', 'myhermes', 'my hermes', 'hermes uk'],
    // Evri barcodes are 16 characters: a leading H or T then letters and digits, or all digits.
    formats: [/^[HT][0-9A-Z]{15}$/, /^\d{16}$/],
    trackingUrl: (n) => `https://www.evri.com/track/parcel/${encode(n)}`,
  },
  {
    name: 'Parcelforce',
    aliases: ['parcelforce', 'parcel force', 'parcelforce worldwide', 'parcelforce 24', 'pfw'],
    // Parcelforce consignments: two letters and seven digits, or four letters and ten digits.
    formats: [/^[A-Z]{2}\d{7}$/, /^[A-Z]{4}\d{10}$/],
    trackingUrl: (n) => `https://www.parcelforce.com/track-trace?trackNumber=${encode(n)}`,
  },
  {
    name: 'DPD',
    aliases: ['dpd', 'dpd uk', 'dpd local', 'dpd next day', 'dpd predict'],
    // DPD UK parcel numbers are 14 digits.
    formats: [/^\d{14}$/],
    trackingUrl: (n) => `https://track.dpd.co.uk/parcels/${encode(n)}`,
  },
  {
    name: 'FedEx',
    aliases: ['fedex', 'fed ex', 'federal express', 'fedex ground', 'fedex express'],
    // Express (12 digits), Ground (15), SmartPost / Ground 96 barcodes (22).
    formats: [/^\d{12}$/, /^\d{15}$/, /^96\d{20}$/],
    trackingUrl: (n) => `https://www.fedex.com/fedextrack/?trknbr=${encode(n)}`,
  },
];

const byName = new Map(carriers.map((carrier) => [carrier.name, carrier]));

const aliasKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

// Words that say "some carrier" without saying which: a courier made only of these is vague and
// the tracking number decides.
const vagueWords = new Set([
  'other',
  'courier',
  'couriers',
  'carrier',
  'post',
  'postal',
  'postage',
  'mail',
  'tracked',
  'tracking',
  'standard',
  'express',
  'delivery',
  'service',
  'parcel',
  'shipping',
  'next',
  'day',
  'international',
  'unknown',
  'n',
  'a',
  'na',
  'none',
  'tbc',
]);

/** The tracking number as carriers print it in URLs: without spaces or dashes. */
export function compactTrackingNumber(trackingNumber: string): string {
  return trackingNumber.replace(/[\s-]+/g, '');
}

/** The carrier a seller means by their courier text, or null when the text names none we know. */
export function normaliseCourier(courier: string | null | undefined): CarrierName | null {
  if (!courier) return null;
  const key = aliasKey(courier);
  for (const carrier of carriers) {
    if (carrier.aliases.includes(key)) return carrier.name;
  }
  // "Royal Mail 1st Class Signed", "DPD Next Day (UK)": the carrier's name as a word prefix.
  for (const carrier of carriers) {
    const name = aliasKey(carrier.name);
    if (key === name || key.startsWith(`${name} `)) return carrier.name;
  }
  return null;
}

/** True when the courier text names no carrier at all ("Tracked", "Other", "courier"). */
export function isVagueCourier(courier: string | null | undefined): boolean {
  const key = aliasKey(courier ?? '');
  return key === '' || key.split(' ').every((word) => vagueWords.has(word));
}

/** The carrier whose tracking-number format this is, or null when none or unknown. */
export function detectCarrier(trackingNumber: string | null | undefined): CarrierName | null {
  if (!trackingNumber) return null;
  const compact = compactTrackingNumber(trackingNumber).toUpperCase();
  return (
    carriers.find((carrier) => carrier.formats.some((format) => format.test(compact)))?.name ?? null
  );
}

export function trackingUrlFor(carrier: CarrierName, trackingNumber: string): string {
  const found = byName.get(carrier);
  if (!found) throw new Error(`unknown carrier ${carrier}`);
  return found.trackingUrl(compactTrackingNumber(trackingNumber));
}

export interface Shipment {
  courier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  /** The carrier recognised from the courier text or the tracking number, if any. */
  carrier: CarrierName | null;
}

/**
 * What is stored when a seller ships an order: the courier under its usual name (or, when the
 * seller's text is vague, the carrier the tracking number belongs to), the tracking number without
 * spaces, and the seller's tracking URL or else one built for the carrier.
 *
 * @example
 * resolveShipment({ courier: 'royal mail', trackingNumber: 'AB 1234 5678 9GB' })
 * // { courier: 'Royal Mail', trackingNumber: 'AB123456789GB', trackingUrl: 'https://www.royalmail.com/...', carrier: 'Royal Mail' }
 */
export function resolveShipment(input: {
  courier: string;
  trackingNumber: string;
  trackingUrl?: string | null;
}): Shipment {
  const trackingNumber = compactTrackingNumber(input.trackingNumber.trim());
  const named = normaliseCourier(input.courier);
  const carrier = named ?? (isVagueCourier(input.courier) ? detectCarrier(trackingNumber) : null);
  const courier = carrier ?? input.courier.trim();
  const givenUrl = input.trackingUrl?.trim();
  return {
    courier,
    trackingNumber,
    trackingUrl: givenUrl || (carrier ? trackingUrlFor(carrier, trackingNumber) : null),
    carrier,
  };
}
