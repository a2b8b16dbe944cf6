/**
 * Splits a one-line postal address into components (endpoint 11 returns them beside the text).
 * Recognises the German order "Road 12a, 10115 City" and the British "12 Road, City SW1A 2AA".
 * Nothing is geocoded here: latitude and longitude stay null unless a caller knows them.
 */
export interface AddressComponents {
  formatted_address: string;
  street_number: string;
  road: string;
  city: string;
  state: string;
  country: string;
  postal_code: string;
  postal_code_suffix: string;
  latitude: number | null;
  longitude: number | null;
}

const UK_POSTCODE = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})\b/i;
const DE_POSTCODE = /\b(\d{5})\b/;

export function parseAddress(text: string, countryHint: 'DE' | 'GB' | null = null): AddressComponents {
  const cleaned = text.replace(/\s+/g, ' ').trim();
  const parts = cleaned.split(/\s*[,\n]\s*/).filter((p) => p !== '');
  const result: AddressComponents = {
    formatted_address: cleaned,
    street_number: '',
    road: '',
    city: '',
    state: '',
    country: '',
    postal_code: '',
    postal_code_suffix: '',
    latitude: null,
    longitude: null,
  };

  const ukMatch = UK_POSTCODE.exec(cleaned);
  const isUk = countryHint === 'GB' || (countryHint === null && ukMatch !== null && !DE_POSTCODE.test(cleaned));
  result.country = isUk ? 'GB' : 'DE';

  // The last part naming a country explicitly is dropped from the locality.
  const last = parts[parts.length - 1]?.toLowerCase();
  if (last && ['deutschland', 'germany', 'united kingdom', 'uk', 'great britain', 'england', 'scotland', 'wales'].includes(last)) parts.pop();

  const streetPart = parts[0] ?? '';
  const deStreet = /^(.*?)\s+(\d+\s*[a-zA-Z]?(?:\s*[-/]\s*\d+\s*[a-zA-Z]?)?)$/.exec(streetPart);
  const ukStreet = /^(\d+\s*[a-zA-Z]?(?:-\d+)?)\s+(.*)$/.exec(streetPart);
  if (isUk && ukStreet) {
    result.street_number = (ukStreet[1] ?? '').replace(/\s+/g, '');
    result.road = ukStreet[2] ?? '';
  } else if (deStreet) {
    result.road = deStreet[1] ?? '';
    result.street_number = (deStreet[2] ?? '').replace(/\s+/g, '');
  } else if (ukStreet) {
    result.street_number = (ukStreet[1] ?? '').replace(/\s+/g, '');
    result.road = ukStreet[2] ?? '';
  } else {
    result.road = streetPart;
  }

  const rest = parts.slice(1);
  if (isUk) {
    for (const part of rest) {
      const match = UK_POSTCODE.exec(part);
      if (match) {
        result.postal_code = `${(match[1] ?? '').toUpperCase()} ${(match[2] ?? '').toUpperCase()}`;
        const town = part.replace(match[0], '').trim();
        if (town) result.city = town;
      } else if (!result.city) {
        result.city = part;
      } else if (!result.state) {
        result.state = part;
      }
    }
  } else {
    for (const part of rest) {
      const match = /^(\d{5})\s+(.+)$/.exec(part);
      if (match) {
        result.postal_code = match[1] ?? '';
        result.city = match[2] ?? '';
      } else if (!result.city) {
        result.city = part;
      } else if (!result.state) {
        result.state = part;
      }
    }
  }
  return result;
}

/** One canonical spelling: single spaces, comma-separated parts, postcode upper case. */
export function normalizeAddress(components: AddressComponents): string {
  const street = components.country === 'GB' ? [components.street_number, components.road] : [components.road, components.street_number];
  const locality = components.country === 'GB' ? [components.city, components.postal_code] : [components.postal_code, components.city];
  return [street.filter(Boolean).join(' '), locality.filter(Boolean).join(' '), components.state, components.country === 'GB' ? 'United Kingdom' : 'Deutschland']
    .filter((part) => part !== '')
    .join(', ');
}
