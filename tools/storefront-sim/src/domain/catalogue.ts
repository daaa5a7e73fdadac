import { type Random } from '@onvelope/sim-kit';

// The fixed reference data orders are drawn from. Realistic enough to exercise a sync client:
// several countries with their own address formats, several currencies, products with options.

export interface Currency {
  id: string;
  name: string;
  sign: string;
  locale: string;
}

export const currencies: Record<string, Currency> = {
  USD: { id: 'USD', name: 'U.S. Dollar', sign: '$', locale: 'en-US' },
  GBP: { id: 'GBP', name: 'British Pound', sign: '£', locale: 'en-GB' },
  EUR: { id: 'EUR', name: 'Euro', sign: '€', locale: 'de-DE' },
  CAD: { id: 'CAD', name: 'Canadian Dollar', sign: '$', locale: 'en-CA' },
  AUD: { id: 'AUD', name: 'Australian Dollar', sign: '$', locale: 'en-AU' },
};

export interface Address {
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
}

export interface Country {
  id: string;
  name: string;
  firstNames: readonly string[];
  lastNames: readonly string[];
  streets: readonly string[];
  /** City, state or region, latitude, longitude. */
  cities: readonly (readonly [string, string, number, number])[];
  zip: (random: Random, city: number) => string;
  phone: (random: Random) => string;
  /** The house number goes after the street name (DE, NL) rather than before it. */
  numberAfterStreet?: boolean;
  emailDomains: readonly string[];
}

const englishFirst = [
  'Olivia',
  'Amelia',
  'Isla',
  'Ava',
  'Emily',
  'Sophie',
  'Grace',
  'Mia',
  'Ella',
  'Chloe',
  'Oliver',
  'George',
  'Harry',
  'Noah',
  'Jack',
  'Leo',
  'Arthur',
  'Oscar',
  'Charlie',
  'James',
] as const;
const americanFirst = [
  'Liam',
  'Emma',
  'Mason',
  'Harper',
  'Ethan',
  'Madison',
  'Logan',
  'Avery',
  'Lucas',
  'Abigail',
  'Elijah',
  'Evelyn',
  'Aiden',
  'Scarlett',
  'Jackson',
  'Riley',
  'Carter',
  'Layla',
  'Wyatt',
  'Zoey',
] as const;
const commonEmail = ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'proton.me'] as const;

export const countries: Record<string, Country> = {
  GB: {
    id: 'GB',
    name: 'United Kingdom',
    firstNames: englishFirst,
    lastNames: [
      'Smith',
      'Jones',
      'Taylor',
      'Brown',
      'Williams',
      'Wilson',
      'Davies',
      'Evans',
      'Thomas',
      'Roberts',
      'Walker',
      'Wright',
      'Hughes',
      'Green',
      'Hall',
    ],
    streets: [
      'High Street',
      'Station Road',
      'Church Lane',
      'Victoria Road',
      'Green Lane',
      'Manor Road',
      'Park Avenue',
      'Mill Lane',
    ],
    cities: [
      ['London', 'Greater London', 51.507, -0.128],
      ['Manchester', 'Greater Manchester', 53.48, -2.242],
      ['Bristol', 'Bristol', 51.455, -2.588],
      ['Leeds', 'West Yorkshire', 53.8, -1.549],
      ['Edinburgh', 'Scotland', 55.953, -3.189],
      ['Cardiff', 'Wales', 51.481, -3.179],
    ],
    zip: (r, city) =>
      `${['E', 'M', 'BS', 'LS', 'EH', 'CF'][city]}${r.int(1, 20)} ${r.int(1, 9)}${r.letters(2)}`,
    phone: (r) => `+44 7${r.digits(3)} ${r.digits(6)}`,
    emailDomains: [...commonEmail, 'btinternet.com', 'hotmail.co.uk'],
  },
  US: {
    id: 'US',
    name: 'United States',
    firstNames: americanFirst,
    lastNames: [
      'Johnson',
      'Miller',
      'Davis',
      'Garcia',
      'Rodriguez',
      'Martinez',
      'Anderson',
      'Jackson',
      'White',
      'Harris',
      'Clark',
      'Lewis',
      'Young',
      'King',
      'Lopez',
    ],
    streets: [
      'Main St',
      'Oak Ave',
      'Maple Dr',
      'Cedar Ln',
      'Elm St',
      'Washington Blvd',
      'Pine St',
      'Lakeview Dr',
    ],
    cities: [
      ['Portland', 'OR', 45.515, -122.679],
      ['Austin', 'TX', 30.267, -97.743],
      ['Brooklyn', 'NY', 40.678, -73.944],
      ['Chicago', 'IL', 41.878, -87.63],
      ['Denver', 'CO', 39.739, -104.99],
      ['Nashville', 'TN', 36.163, -86.781],
    ],
    zip: (r, city) => `${['972', '787', '112', '606', '802', '372'][city]}${r.digits(2)}`,
    phone: (r) => `(${r.int(201, 989)}) ${r.digits(3)}-${r.digits(4)}`,
    emailDomains: [...commonEmail, 'aol.com', 'hotmail.com'],
  },
  CA: {
    id: 'CA',
    name: 'Canada',
    firstNames: [...americanFirst.slice(0, 10), 'Chloé', 'Félix', 'Léa', 'Gabriel'],
    lastNames: [
      'Tremblay',
      'Gagnon',
      'Roy',
      'Côté',
      'Bouchard',
      'MacDonald',
      'Campbell',
      'Stewart',
      'Wong',
      'Singh',
    ],
    streets: ['Queen St W', 'Rue Saint-Denis', 'Yonge St', 'Granville St', 'Jasper Ave', 'Bank St'],
    cities: [
      ['Toronto', 'ON', 43.653, -79.383],
      ['Montréal', 'QC', 45.502, -73.567],
      ['Vancouver', 'BC', 49.283, -123.121],
      ['Edmonton', 'AB', 53.546, -113.494],
      ['Ottawa', 'ON', 45.421, -75.697],
    ],
    zip: (r, city) =>
      `${['M5V', 'H2X', 'V6B', 'T5J', 'K1P'][city]} ${r.int(1, 9)}${r.letters(1)}${r.int(1, 9)}`,
    phone: (r) => `+1 ${r.int(204, 905)}-${r.digits(3)}-${r.digits(4)}`,
    emailDomains: [...commonEmail, 'shaw.ca', 'rogers.com'],
  },
  AU: {
    id: 'AU',
    name: 'Australia',
    firstNames: englishFirst,
    lastNames: [
      'Nguyen',
      'Kelly',
      'Murphy',
      "O'Brien",
      'Ryan',
      'Mitchell',
      'Campbell',
      'Martin',
      'Lee',
      'Thompson',
    ],
    streets: ['George St', 'Chapel St', 'Brunswick St', 'King St', 'Hay St', 'Oxford St'],
    cities: [
      ['Sydney', 'NSW', -33.869, 151.209],
      ['Melbourne', 'VIC', -37.814, 144.963],
      ['Brisbane', 'QLD', -27.47, 153.026],
      ['Perth', 'WA', -31.95, 115.86],
      ['Adelaide', 'SA', -34.929, 138.601],
    ],
    zip: (r, city) => `${['20', '30', '40', '60', '50'][city]}${r.digits(2)}`,
    phone: (r) => `+61 4${r.digits(2)} ${r.digits(3)} ${r.digits(3)}`,
    emailDomains: [...commonEmail, 'bigpond.com'],
  },
  DE: {
    id: 'DE',
    name: 'Germany',
    firstNames: [
      'Lena',
      'Hannah',
      'Leonie',
      'Anna',
      'Marie',
      'Lukas',
      'Jonas',
      'Felix',
      'Maximilian',
      'Paul',
      'Jürgen',
      'Sören',
    ],
    lastNames: [
      'Müller',
      'Schmidt',
      'Schneider',
      'Fischer',
      'Weber',
      'Meyer',
      'Wagner',
      'Becker',
      'Schulz',
      'Hoffmann',
    ],
    streets: [
      'Hauptstraße',
      'Schillerstraße',
      'Goethestraße',
      'Bahnhofstraße',
      'Gartenweg',
      'Lindenallee',
    ],
    cities: [
      ['Berlin', 'Berlin', 52.52, 13.405],
      ['Hamburg', 'Hamburg', 53.551, 9.994],
      ['München', 'Bayern', 48.135, 11.582],
      ['Köln', 'Nordrhein-Westfalen', 50.938, 6.96],
      ['Leipzig', 'Sachsen', 51.34, 12.375],
    ],
    zip: (r, city) => `${['10', '20', '80', '50', '04'][city]}${r.digits(3)}`,
    phone: (r) => `+49 15${r.digits(1)} ${r.digits(8)}`,
    numberAfterStreet: true,
    emailDomains: [...commonEmail, 'web.de', 'gmx.de'],
  },
  FR: {
    id: 'FR',
    name: 'France',
    firstNames: [
      'Camille',
      'Léa',
      'Manon',
      'Chloé',
      'Inès',
      'Hugo',
      'Louis',
      'Lucas',
      'Théo',
      'Raphaël',
      'Élodie',
      'Zoé',
    ],
    lastNames: [
      'Martin',
      'Bernard',
      'Dubois',
      'Thomas',
      'Robert',
      'Richard',
      'Petit',
      'Durand',
      'Leroy',
      'Moreau',
    ],
    streets: [
      'Rue de la Paix',
      'Avenue Victor Hugo',
      'Rue du Moulin',
      'Boulevard Voltaire',
      'Rue des Lilas',
      'Place de la République',
    ],
    cities: [
      ['Paris', 'Île-de-France', 48.857, 2.352],
      ['Lyon', 'Auvergne-Rhône-Alpes', 45.764, 4.836],
      ['Marseille', "Provence-Alpes-Côte d'Azur", 43.297, 5.37],
      ['Bordeaux', 'Nouvelle-Aquitaine', 44.838, -0.579],
      ['Lille', 'Hauts-de-France', 50.629, 3.057],
    ],
    zip: (r, city) => `${['75', '69', '13', '33', '59'][city]}0${r.int(0, 2)}${r.int(0, 9)}`,
    phone: (r) => `+33 6 ${r.digits(2)} ${r.digits(2)} ${r.digits(2)} ${r.digits(2)}`,
    emailDomains: [...commonEmail, 'orange.fr', 'free.fr'],
  },
  NL: {
    id: 'NL',
    name: 'Netherlands',
    firstNames: ['Sanne', 'Emma', 'Julia', 'Fleur', 'Daan', 'Sem', 'Bram', 'Lars', 'Thijs', 'Noor'],
    lastNames: [
      'de Jong',
      'Jansen',
      'de Vries',
      'van den Berg',
      'Bakker',
      'Visser',
      'Smit',
      'Meijer',
      'de Boer',
      'Mulder',
    ],
    streets: ['Kerkstraat', 'Dorpsstraat', 'Prinsengracht', 'Molenweg', 'Stationsweg'],
    cities: [
      ['Amsterdam', 'Noord-Holland', 52.368, 4.904],
      ['Rotterdam', 'Zuid-Holland', 51.924, 4.478],
      ['Utrecht', 'Utrecht', 52.091, 5.122],
      ['Eindhoven', 'Noord-Brabant', 51.441, 5.47],
    ],
    zip: (r, city) => `${['10', '30', '35', '56'][city]}${r.digits(2)} ${r.letters(2)}`,
    phone: (r) => `+31 6 ${r.digits(8)}`,
    numberAfterStreet: true,
    emailDomains: [...commonEmail, 'ziggo.nl', 'kpnmail.nl'],
  },
  IE: {
    id: 'IE',
    name: 'Ireland',
    firstNames: [
      'Aoife',
      'Saoirse',
      'Niamh',
      'Ciara',
      'Róisín',
      'Seán',
      'Cian',
      'Oisín',
      'Conor',
      'Darragh',
    ],
    lastNames: [
      'Murphy',
      'Kelly',
      "O'Sullivan",
      'Walsh',
      "O'Connor",
      'McCarthy',
      'Byrne',
      'Doyle',
      'Ryan',
      'Gallagher',
    ],
    streets: ['Main Street', "O'Connell Street", 'Patrick Street', 'Shop Street', 'Strand Road'],
    cities: [
      ['Dublin', 'Co. Dublin', 53.35, -6.26],
      ['Cork', 'Co. Cork', 51.897, -8.47],
      ['Galway', 'Co. Galway', 53.271, -9.057],
      ['Limerick', 'Co. Limerick', 52.668, -8.63],
    ],
    zip: (r, city) =>
      `${['D02', 'T12', 'H91', 'V94'][city]} ${r.letters(1)}${r.digits(1)}${r.letters(1)}${r.digits(1)}`,
    phone: (r) => `+353 8${r.int(3, 9)} ${r.digits(3)} ${r.digits(4)}`,
    emailDomains: [...commonEmail, 'eircom.net'],
  },
  NZ: {
    id: 'NZ',
    name: 'New Zealand',
    firstNames: [...englishFirst.slice(0, 10), 'Aroha', 'Nikau', 'Mere', 'Tama'],
    lastNames: [
      'Wilson',
      'Smith',
      'Brown',
      'Taylor',
      'Ngata',
      'Parata',
      'Walker',
      'Clarke',
      'Scott',
      'Edwards',
    ],
    streets: ['Queen Street', 'Cuba Street', 'Colombo Street', 'Ponsonby Road', 'George Street'],
    cities: [
      ['Auckland', 'Auckland', -36.849, 174.763],
      ['Wellington', 'Wellington', -41.287, 174.776],
      ['Christchurch', 'Canterbury', -43.532, 172.636],
      ['Dunedin', 'Otago', -45.879, 170.503],
    ],
    zip: (r, city) => `${['10', '60', '80', '90'][city]}${r.digits(2)}`,
    phone: (r) => `+64 2${r.int(1, 9)} ${r.digits(3)} ${r.digits(4)}`,
    emailDomains: [...commonEmail, 'xtra.co.nz'],
  },
};

/** The home countries a store can have, with the currency it sells in. */
export const storeHomes = [
  ['US', 'USD'],
  ['GB', 'GBP'],
  ['CA', 'CAD'],
  ['AU', 'AUD'],
  ['DE', 'EUR'],
  ['FR', 'EUR'],
] as const;

export interface Product {
  id: string;
  name: string;
  /** Product options (sizes, colours); null for a product sold without options. */
  options: readonly string[] | null;
  /** Price in minor units of the store's currency. */
  priceCents: number;
  categories: readonly string[];
}

const sizes = ['Small', 'Medium', 'Large', 'X-Large'] as const;

export const products: readonly Product[] = [
  {
    id: '101',
    name: 'Moth Screen Print Tee',
    options: sizes,
    priceCents: 2800,
    categories: ['Apparel'],
  },
  {
    id: '102',
    name: 'Night Garden Hoodie',
    options: sizes,
    priceCents: 5500,
    categories: ['Apparel'],
  },
  {
    id: '103',
    name: 'Riso Print: Harbour at Dusk',
    options: ['A4', 'A3'],
    priceCents: 1800,
    categories: ['Prints'],
  },
  {
    id: '104',
    name: 'Riso Print: Fern Study',
    options: ['A4', 'A3'],
    priceCents: 1800,
    categories: ['Prints'],
  },
  {
    id: '105',
    name: 'Enamel Pin — Tiny Ghost',
    options: null,
    priceCents: 900,
    categories: ['Accessories', 'Pins'],
  },
  {
    id: '106',
    name: 'Enamel Pin — Mushroom Club',
    options: null,
    priceCents: 1000,
    categories: ['Accessories', 'Pins'],
  },
  {
    id: '107',
    name: 'Sticker Pack (6)',
    options: null,
    priceCents: 650,
    categories: ['Stationery'],
  },
  {
    id: '108',
    name: 'Handbound Sketchbook',
    options: ['Dot grid', 'Plain'],
    priceCents: 2200,
    categories: ['Stationery'],
  },
  {
    id: '109',
    name: 'Ceramic Mug — Speckled',
    options: ['Sage', 'Oat', 'Ink'],
    priceCents: 3200,
    categories: ['Homeware'],
  },
  {
    id: '110',
    name: 'Linen Tote Bag',
    options: null,
    priceCents: 1500,
    categories: ['Accessories'],
  },
  {
    id: '111',
    name: 'Zine: Small Hours #4',
    options: null,
    priceCents: 800,
    categories: ['Books', 'Zines'],
  },
  {
    id: '112',
    name: 'Embroidered Patch Set',
    options: null,
    priceCents: 1200,
    categories: ['Accessories'],
  },
  {
    id: '113',
    name: 'Knitted Beanie',
    options: ['Mustard', 'Forest', 'Charcoal'],
    priceCents: 2600,
    categories: ['Apparel'],
  },
  {
    id: '114',
    name: 'Art Print: Coastal Birds',
    options: ['8x10', '11x14', '16x20'],
    priceCents: 3500,
    categories: ['Prints'],
  },
  {
    id: '115',
    name: 'Hand-poured Candle',
    options: ['Fig', 'Cedar', 'Sea Salt'],
    priceCents: 2400,
    categories: ['Homeware'],
  },
  {
    id: '116',
    name: 'Vinyl LP — Quiet Rooms',
    options: ['Black', 'Marbled'],
    priceCents: 2700,
    categories: ['Music'],
  },
  {
    id: '117',
    name: 'Cassette — Quiet Rooms',
    options: null,
    priceCents: 1100,
    categories: ['Music'],
  },
  {
    id: '118',
    name: 'Silver Moon Earrings',
    options: null,
    priceCents: 4200,
    categories: ['Jewellery'],
  },
  { id: '119', name: 'Gift Card', options: ['25', '50', '100'], priceCents: 2500, categories: [] },
  // A comma in a product name, as sellers write them: a sync must keep the name whole.
  {
    id: '120',
    name: 'Mystery Bundle: Pin, Patch and Sticker',
    options: null,
    priceCents: 4000,
    categories: ['Bundles'],
  },
];

export function productImageUrl(product: Product): string {
  const slug = product.name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `https://assets.bigcartel.com/product_images/${product.id}00${product.id}/${slug}.jpg`;
}

export const storeNames = [
  'Moth & Moon',
  'Small Hours Press',
  'Fern Club',
  'Harbour Print Co',
  'Tiny Ghost Goods',
  'Quiet Rooms Records',
  'Speckled Studio',
  'Northern Lights Supply',
  'Paper Kite',
  'Wild Oat Ceramics',
] as const;
