/** Where a scan happened: the fields of EasyPost's TrackingLocation, plus the zone for local times. */
export interface Place {
  city: string;
  state: string | null;
  country: string;
  zip: string | null;
  /** IANA zone, for `datetime_local` and the local delivery estimate. */
  timeZone: string;
}

const us = (city: string, state: string, zip: string, timeZone: string): Place => ({
  city,
  state,
  country: 'US',
  zip,
  timeZone,
});

/** Real cities with one of their ZIP codes: where parcels start and end. */
export const usCities: readonly Place[] = [
  us('NEW YORK', 'NY', '10001', 'America/New_York'),
  us('BROOKLYN', 'NY', '11201', 'America/New_York'),
  us('BOSTON', 'MA', '02110', 'America/New_York'),
  us('PHILADELPHIA', 'PA', '19103', 'America/New_York'),
  us('PITTSBURGH', 'PA', '15222', 'America/New_York'),
  us('BALTIMORE', 'MD', '21201', 'America/New_York'),
  us('WASHINGTON', 'DC', '20001', 'America/New_York'),
  us('RICHMOND', 'VA', '23219', 'America/New_York'),
  us('CHARLOTTE', 'NC', '28202', 'America/New_York'),
  us('CHARLESTON', 'SC', '29401', 'America/New_York'),
  us('ATLANTA', 'GA', '30303', 'America/New_York'),
  us('MIAMI', 'FL', '33130', 'America/New_York'),
  us('ORLANDO', 'FL', '32801', 'America/New_York'),
  us('NASHVILLE', 'TN', '37203', 'America/Chicago'),
  us('COLUMBUS', 'OH', '43215', 'America/New_York'),
  us('DETROIT', 'MI', '48226', 'America/Detroit'),
  us('CHICAGO', 'IL', '60601', 'America/Chicago'),
  us('MINNEAPOLIS', 'MN', '55401', 'America/Chicago'),
  us('SAINT LOUIS', 'MO', '63101', 'America/Chicago'),
  us('NEW ORLEANS', 'LA', '70112', 'America/Chicago'),
  us('HOUSTON', 'TX', '77063', 'America/Chicago'),
  us('AUSTIN', 'TX', '78701', 'America/Chicago'),
  us('DENVER', 'CO', '80202', 'America/Denver'),
  us('SALT LAKE CITY', 'UT', '84101', 'America/Denver'),
  us('PHOENIX', 'AZ', '85004', 'America/Phoenix'),
  us('LAS VEGAS', 'NV', '89101', 'America/Los_Angeles'),
  us('LOS ANGELES', 'CA', '90012', 'America/Los_Angeles'),
  us('SAN DIEGO', 'CA', '92101', 'America/Los_Angeles'),
  us('SAN FRANCISCO', 'CA', '94103', 'America/Los_Angeles'),
  us('PORTLAND', 'OR', '97204', 'America/Los_Angeles'),
  us('SEATTLE', 'WA', '98101', 'America/Los_Angeles'),
];

/** Sorting centres each carrier moves parcels through (their real locations). */
export const hubs: Readonly<Record<string, readonly Place[]>> = {
  USPS: [
    us('CHICAGO', 'IL', '60607', 'America/Chicago'),
    us('DALLAS', 'TX', '75260', 'America/Chicago'),
    us('ATLANTA', 'GA', '30320', 'America/New_York'),
    us('DENVER', 'CO', '80266', 'America/Denver'),
    us('JACKSONVILLE', 'FL', '32203', 'America/New_York'),
    us('KANSAS CITY', 'MO', '64121', 'America/Chicago'),
    us('MEMPHIS', 'TN', '38118', 'America/Chicago'),
    us('BELL', 'CA', '90201', 'America/Los_Angeles'),
    us('SEATTLE', 'WA', '98134', 'America/Los_Angeles'),
    us('PHILADELPHIA', 'PA', '19176', 'America/New_York'),
    us('SPRINGFIELD', 'MA', '01152', 'America/New_York'),
  ],
  UPS: [
    us('LOUISVILLE', 'KY', '40209', 'America/Kentucky/Louisville'),
    us('HODGKINS', 'IL', '60525', 'America/Chicago'),
    us('ONTARIO', 'CA', '91761', 'America/Los_Angeles'),
    us('MESQUITE', 'TX', '75149', 'America/Chicago'),
    us('HAPEVILLE', 'GA', '30354', 'America/New_York'),
    us('PHILADELPHIA', 'PA', '19153', 'America/New_York'),
    us('SECAUCUS', 'NJ', '07094', 'America/New_York'),
    us('COMMERCE CITY', 'CO', '80022', 'America/Denver'),
  ],
  FedEx: [
    us('MEMPHIS', 'TN', '38118', 'America/Chicago'),
    us('INDIANAPOLIS', 'IN', '46241', 'America/Indiana/Indianapolis'),
    us('OAKLAND', 'CA', '94621', 'America/Los_Angeles'),
    us('FORT WORTH', 'TX', '76177', 'America/Chicago'),
    us('NEWARK', 'NJ', '07114', 'America/New_York'),
    us('GROVE CITY', 'OH', '43123', 'America/New_York'),
  ],
};

export const gbCities: readonly Place[] = [
  { city: 'LONDON', state: null, country: 'GB', zip: 'EC1A 1BB', timeZone: 'Europe/London' },
  { city: 'MANCHESTER', state: null, country: 'GB', zip: 'M1 1AE', timeZone: 'Europe/London' },
  { city: 'BIRMINGHAM', state: null, country: 'GB', zip: 'B1 1BB', timeZone: 'Europe/London' },
  { city: 'LEEDS', state: null, country: 'GB', zip: 'LS1 4DY', timeZone: 'Europe/London' },
  { city: 'GLASGOW', state: null, country: 'GB', zip: 'G1 1XQ', timeZone: 'Europe/London' },
  { city: 'BRISTOL', state: null, country: 'GB', zip: 'BS1 4ST', timeZone: 'Europe/London' },
  { city: 'EDINBURGH', state: null, country: 'GB', zip: 'EH1 1YZ', timeZone: 'Europe/London' },
];
export const gbHubs: readonly Place[] = [
  { city: 'WARRINGTON', state: null, country: 'GB', zip: 'WA5 7NG', timeZone: 'Europe/London' },
  { city: 'DAVENTRY', state: null, country: 'GB', zip: 'NN11 8RB', timeZone: 'Europe/London' },
  { city: 'HEATHROW', state: null, country: 'GB', zip: 'TW6 2PW', timeZone: 'Europe/London' },
];

export const caCities: readonly Place[] = [
  { city: 'TORONTO', state: 'ON', country: 'CA', zip: 'M5H 2N2', timeZone: 'America/Toronto' },
  { city: 'OTTAWA', state: 'ON', country: 'CA', zip: 'K1P 1J1', timeZone: 'America/Toronto' },
  { city: 'MONTREAL', state: 'QC', country: 'CA', zip: 'H3B 2Y5', timeZone: 'America/Toronto' },
  { city: 'VANCOUVER', state: 'BC', country: 'CA', zip: 'V6B 1A1', timeZone: 'America/Vancouver' },
  { city: 'CALGARY', state: 'AB', country: 'CA', zip: 'T2P 1J9', timeZone: 'America/Edmonton' },
  { city: 'HALIFAX', state: 'NS', country: 'CA', zip: 'B3J 1S9', timeZone: 'America/Halifax' },
];
export const caHubs: readonly Place[] = [
  { city: 'MISSISSAUGA', state: 'ON', country: 'CA', zip: 'L5T 2T7', timeZone: 'America/Toronto' },
  { city: 'WINNIPEG', state: 'MB', country: 'CA', zip: 'R3H 0Z8', timeZone: 'America/Winnipeg' },
  { city: 'RICHMOND', state: 'BC', country: 'CA', zip: 'V6X 3X8', timeZone: 'America/Vancouver' },
];

export const auCities: readonly Place[] = [
  { city: 'SYDNEY', state: 'NSW', country: 'AU', zip: '2000', timeZone: 'Australia/Sydney' },
  { city: 'MELBOURNE', state: 'VIC', country: 'AU', zip: '3000', timeZone: 'Australia/Melbourne' },
  { city: 'BRISBANE', state: 'QLD', country: 'AU', zip: '4000', timeZone: 'Australia/Brisbane' },
  { city: 'PERTH', state: 'WA', country: 'AU', zip: '6000', timeZone: 'Australia/Perth' },
  { city: 'ADELAIDE', state: 'SA', country: 'AU', zip: '5000', timeZone: 'Australia/Adelaide' },
];
export const auHubs: readonly Place[] = [
  { city: 'CHULLORA', state: 'NSW', country: 'AU', zip: '2190', timeZone: 'Australia/Sydney' },
  {
    city: 'SUNSHINE WEST',
    state: 'VIC',
    country: 'AU',
    zip: '3020',
    timeZone: 'Australia/Melbourne',
  },
  { city: 'BANYO', state: 'QLD', country: 'AU', zip: '4014', timeZone: 'Australia/Brisbane' },
];

export const dhlHubs: readonly Place[] = [
  { city: 'LEIPZIG', state: null, country: 'DE', zip: '04435', timeZone: 'Europe/Berlin' },
  { city: 'EAST MIDLANDS', state: null, country: 'GB', zip: 'DE74 2TR', timeZone: 'Europe/London' },
  us('HEBRON', 'KY', '41048', 'America/New_York'),
];
export const deCities: readonly Place[] = [
  { city: 'BERLIN', state: null, country: 'DE', zip: '10117', timeZone: 'Europe/Berlin' },
  { city: 'HAMBURG', state: null, country: 'DE', zip: '20095', timeZone: 'Europe/Berlin' },
  { city: 'MUNICH', state: null, country: 'DE', zip: '80331', timeZone: 'Europe/Berlin' },
  { city: 'COLOGNE', state: null, country: 'DE', zip: '50667', timeZone: 'Europe/Berlin' },
];

/** "HOUSTON TX, 77063", as EasyPost writes `origin_location` and `destination_location`. */
export function placeLabel(place: Place): string {
  const area = [place.city, place.state].filter(Boolean).join(' ');
  return place.zip ? `${area}, ${place.zip}` : area;
}
