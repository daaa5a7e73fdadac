import {
  auCities,
  auHubs,
  caCities,
  caHubs,
  deCities,
  dhlHubs,
  gbCities,
  gbHubs,
  hubs,
  usCities,
  type Place,
} from './places.js';

/** How a carrier words its scans: a postal service or a courier. */
export type ScanStyle = 'postal' | 'courier';

export interface CarrierProfile {
  /** EasyPost's spelling of the carrier, as it appears in `tracker.carrier`. */
  name: string;
  style: ScanStyle;
  services: readonly string[];
  origins: readonly Place[];
  destinations: readonly Place[];
  hubs: readonly Place[];
}

const profiles: readonly CarrierProfile[] = [
  {
    name: 'USPS',
    style: 'postal',
    services: ['GroundAdvantage', 'Priority', 'First-Class Package Service', 'Express'],
    origins: usCities,
    destinations: usCities,
    hubs: hubs.USPS!,
  },
  {
    name: 'UPS',
    style: 'courier',
    services: ['Ground', '3DaySelect', '2ndDayAir', 'NextDayAir'],
    origins: usCities,
    destinations: usCities,
    hubs: hubs.UPS!,
  },
  {
    name: 'FedEx',
    style: 'courier',
    services: ['FEDEX_GROUND', 'GROUND_HOME_DELIVERY', 'FEDEX_2_DAY', 'PRIORITY_OVERNIGHT'],
    origins: usCities,
    destinations: usCities,
    hubs: hubs.FedEx!,
  },
  {
    name: 'DHLExpress',
    style: 'courier',
    services: ['ExpressWorldwide', 'ExpressEasy'],
    origins: [...deCities, ...gbCities],
    destinations: usCities,
    hubs: dhlHubs,
  },
  {
    name: 'RoyalMail',
    style: 'postal',
    services: ['Tracked48', 'Tracked24', 'SpecialDelivery'],
    origins: gbCities,
    destinations: gbCities,
    hubs: gbHubs,
  },
  {
    name: 'CanadaPost',
    style: 'postal',
    services: ['ExpeditedParcel', 'RegularParcel', 'Xpresspost'],
    origins: caCities,
    destinations: caCities,
    hubs: caHubs,
  },
  {
    name: 'AustraliaPost',
    style: 'postal',
    services: ['ParcelPost', 'ExpressPost'],
    origins: auCities,
    destinations: auCities,
    hubs: auHubs,
  },
];

/** The carriers the simulator knows by name (any other name is accepted and tracked like a US courier). */
export const knownCarriers: readonly string[] = profiles.map((profile) => profile.name);

const aliases: Record<string, string> = {
  dhl: 'DHLExpress',
  'dhl express': 'DHLExpress',
  'royal mail': 'RoyalMail',
  'canada post': 'CanadaPost',
  'australia post': 'AustraliaPost',
  'fed ex': 'FedEx',
};

/** EasyPost's spelling of a carrier the client named in any case ("fedex" → "FedEx"). */
export function normaliseCarrier(carrier: string): string {
  const trimmed = carrier.trim();
  const lower = trimmed.toLowerCase();
  return (
    profiles.find((profile) => profile.name.toLowerCase() === lower)?.name ??
    aliases[lower] ??
    trimmed
  );
}

/** The tracking code as carriers print it: upper case, without spaces. */
export function normaliseTrackingCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

// Patterns of each carrier's tracking numbers, most specific first. EasyPost's test codes belong
// to USPS in its documentation.
const patterns: readonly (readonly [RegExp, string])[] = [
  [/^EZ\d{10}$/, 'USPS'],
  [/^1Z[0-9A-Z]{16}$/, 'UPS'],
  [/^[A-Z]{2}\d{9}US$/, 'USPS'],
  [/^[A-Z]{2}\d{9}GB$/, 'RoyalMail'],
  [/^[A-Z]{2}\d{9}CA$/, 'CanadaPost'],
  [/^[A-Z]{2}\d{9}AU$/, 'AustraliaPost'],
  [/^(91|92|93|94|95)\d{18,20}$/, 'USPS'],
  [/^96\d{20}$/, 'FedEx'],
  [/^\d{12}$|^\d{15}$/, 'FedEx'],
  [/^\d{16}$/, 'CanadaPost'],
  [/^\d{10}$/, 'DHLExpress'],
  [/^\d{20,22}$/, 'USPS'],
];

/** The carrier a tracking code belongs to, when its shape says so (EasyPost's auto-detection). */
export function detectCarrier(trackingCode: string): string | undefined {
  const code = normaliseTrackingCode(trackingCode);
  return patterns.find(([pattern]) => pattern.test(code))?.[1];
}

/** How the simulator makes up lives for a carrier; an unknown carrier moves like a US courier. */
export function carrierProfile(carrier: string): CarrierProfile {
  const known = profiles.find((profile) => profile.name === carrier);
  if (known) return known;
  return { ...profiles[1]!, name: carrier, services: ['Ground'] };
}
