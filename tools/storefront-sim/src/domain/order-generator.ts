import { hashSeed, Random } from '@onvelope/sim-kit';
import { countries, productImageUrl, products, type Country } from './catalogue.js';
import { type LineItem, type Order, type Shipment } from './order.js';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** What a store contributes to each of its orders. */
export interface OrderSeedContext {
  seed: number;
  currency: string;
  homeCountry: string;
  /** Order numbers are `numberBase + index`, six digits. */
  numberBase: number;
  /** Line item ids are `lineItemIdBase + index * 4 + position`. */
  lineItemIdBase: number;
}

export interface OrderTiming {
  createdAt: number;
  /** Nothing about the order happened after this moment (the store's "now" when seeded). */
  horizon: number;
  /** Added at run time through the admin API: just placed, paid and not yet shipped. */
  fresh: boolean;
}

const otherCountries = Object.keys(countries);

const carriers: Record<string, readonly (readonly [string, (r: Random) => string, string])[]> = {
  GB: [
    [
      'Royal Mail',
      (r) => `${r.letters(2)}${r.digits(9)}GB`,
      'https://www.royalmail.com/track-your-item#/tracking-results/',
    ],
    ['DPD', (r) => r.digits(14), 'https://track.dpd.co.uk/parcels/'],
  ],
  US: [
    ['USPS', (r) => `9400${r.digits(18)}`, 'https://tools.usps.com/go/TrackConfirmAction?tLabels='],
    ['UPS', (r) => `1Z${r.letters(3)}${r.digits(13)}`, 'https://www.ups.com/track?tracknum='],
  ],
  CA: [
    [
      'Canada Post',
      (r) => r.digits(16),
      'https://www.canadapost-postescanada.ca/track-reperage/en#/details/',
    ],
  ],
  AU: [
    [
      'Australia Post',
      (r) => `${r.letters(3)}${r.digits(8)}`,
      'https://auspost.com.au/mypost/track/details/',
    ],
  ],
  DE: [
    [
      'DHL',
      (r) => r.digits(12),
      'https://www.dhl.de/de/privatkunden/dhl-sendungsverfolgung.html?piececode=',
    ],
  ],
  FR: [
    [
      'Colissimo',
      (r) => `6A${r.digits(11)}`,
      'https://www.laposte.fr/outils/suivre-vos-envois?code=',
    ],
  ],
};

/** The four letters of an order number, cheap to recompute when an id is looked up. */
export function orderLetters(context: OrderSeedContext, index: number): string {
  return new Random(hashSeed(context.seed, 'order-id', index)).letters(4);
}

export function orderId(context: OrderSeedContext, index: number): string {
  return `${orderLetters(context, index)}-${context.numberBase + index}`;
}

function plain(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
}

function pickCountry(random: Random, home: string): Country {
  const id = random.chance(0.6) ? home : random.pick(otherCountries);
  const country = countries[id];
  if (!country) throw new Error(`unknown country ${id}`);
  return country;
}

function lineItems(random: Random, context: OrderSeedContext, index: number): LineItem[] {
  const count = random.weighted([
    [1, 55],
    [2, 28],
    [3, 12],
    [4, 5],
  ] as const);
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(random.int(0, products.length - 1));
  return [...chosen].map((productIndex, position) => {
    const product = products[productIndex]!;
    const optionIndex = product.options ? random.int(0, product.options.length - 1) : -1;
    const quantity = random.weighted([
      [1, 80],
      [2, 15],
      [3, 5],
    ] as const);
    return {
      id: String(context.lineItemIdBase + index * 4 + position),
      productId: product.id,
      productOptionId: optionIndex >= 0 ? String(Number(product.id) * 10 + optionIndex + 1) : null,
      productName: product.name,
      productOptionName: optionIndex >= 0 ? (product.options?.[optionIndex] ?? null) : null,
      quantity,
      quantityShipped: 0,
      priceCents: product.priceCents,
      imageUrl: productImageUrl(product),
      categoryNames: [...product.categories],
    };
  });
}

function shipmentFor(random: Random, order: Order, at: number): Shipment {
  const options =
    carriers[order.shippingCountryId] ?? carriers[order.shippingCountryId === 'US' ? 'US' : 'GB']!;
  const [carrier, trackingNumber, trackingUrlBase] = random.pick(options);
  const number = trackingNumber(random);
  return {
    id: String(order.index + 1),
    carrier,
    trackingNumber: number,
    trackingUrl: `${trackingUrlBase}${number}`,
    notifyCustomer: true,
    items: order.items.map((item) => ({ orderLineItemId: item.id, quantity: item.quantity })),
    createdAt: at,
  };
}

/**
 * Builds order `index` of a store from the store's seed alone: the same seed, index and timing always
 * give the same order, so a store of any size costs nothing until an order is read.
 */
export function generateOrder(
  context: OrderSeedContext,
  index: number,
  timing: OrderTiming,
): Order {
  const random = new Random(hashSeed(context.seed, 'order', index));
  const country = pickCountry(random, context.homeCountry);
  const firstName = random.pick(country.firstNames);
  const lastName = random.pick(country.lastNames);
  const cityIndex = random.int(0, country.cities.length - 1);
  const [city, state, latitude, longitude] = country.cities[cityIndex]!;
  const houseNumber = random.int(1, 240);
  const street = random.pick(country.streets);
  const emailNumber = random.chance(0.4) ? String(random.int(1, 99)) : '';
  const items = lineItems(random, context, index);
  const itemTotal = items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
  const domestic = country.id === context.homeCountry;

  const createdAt = timing.createdAt;
  const completedAt = timing.fresh
    ? createdAt
    : Math.min(timing.horizon, createdAt + random.int(20_000, 15 * minute));
  const age = timing.horizon - createdAt;
  const shipped =
    !timing.fresh && random.chance(age > 14 * day ? 0.92 : age > 3 * day ? 0.6 : 0.15);
  const shippedAt = Math.min(timing.horizon, completedAt + random.int(6 * hour, 6 * day));

  const order: Order = {
    index,
    id: orderId(context, index),
    customerFirstName: firstName,
    customerLastName: lastName,
    customerEmail: `${plain(firstName)}.${plain(lastName)}${emailNumber}@${random.pick(country.emailDomains)}`,
    customerPhoneNumber: random.chance(0.7) ? country.phone(random) : null,
    customerOptedInToMarketing: random.chance(0.3),
    customerNote: random.chance(0.1)
      ? random.pick([
          "It's a gift, please leave out the receipt.",
          'Please leave with a neighbour if nobody is in.',
          'Love your work!',
          'Could you sign the print?',
        ])
      : null,
    shippingAddress1: country.numberAfterStreet
      ? `${street} ${houseNumber}`
      : `${houseNumber} ${street}`,
    shippingAddress2: random.chance(0.2)
      ? random.pick(['Flat 3', 'Apt 4B', 'Unit 12', '2nd floor', 'c/o Reception'])
      : null,
    shippingCity: city,
    shippingState: state,
    shippingZip: country.zip(random, cityIndex),
    shippingCountryId: country.id,
    shippingLatitude: random.chance(0.5)
      ? Number((latitude + (random.next() - 0.5) / 20).toFixed(5))
      : null,
    shippingLongitude: null,
    shippingStatus: 'unshipped',
    paymentStatus: 'completed',
    currency: context.currency,
    items,
    shippingCents: domestic ? random.int(8, 12) * 50 : random.int(24, 36) * 50,
    taxCents: 0,
    discountCents: random.chance(0.1) ? Math.round(itemTotal / 10) : 0,
    createdAt,
    updatedAt: completedAt,
    completedAt,
    shipments: [],
  };
  // Latitude and longitude come as a pair or not at all.
  if (order.shippingLatitude !== null) {
    order.shippingLongitude = Number((longitude + (random.next() - 0.5) / 20).toFixed(5));
  }
  if (!shipped) return order;
  const withTracking = random.chance(0.6);
  return {
    ...order,
    shippingStatus: 'shipped',
    items: items.map((item) => ({ ...item, quantityShipped: item.quantity })),
    shipments: withTracking ? [shipmentFor(random, order, shippedAt)] : [],
    updatedAt: shippedAt,
  };
}
